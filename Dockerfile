# syntax=docker/dockerfile:1
# The docbridge GitHub Action: one static binary on an empty base.
#
# The build stage compiles with cgo (tree-sitter is C) and links statically
# (netgo and osusergo keep glibc's NSS out), so the final stage needs no libc.
# scripts/chroot-smoke.sh runs the same build in an empty directory under
# chroot; a test keeps its go build line equal to the one below.

FROM golang:1.26-bookworm AS build
ARG VERSION=dev
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=1 go build -trimpath -tags netgo,osusergo -ldflags "-s -w -linkmode external -extldflags -static -X main.version=${VERSION}" -o /rootfs/docbridge ./cmd/docbridge
# The final image's whole file system: the binary, the CA bundle for the
# GitHub API and the cache service, and an empty /tmp (scratch has none).
RUN mkdir -p /rootfs/etc/ssl/certs /rootfs/tmp \
 && chmod 1777 /rootfs/tmp \
 && cp /etc/ssl/certs/ca-certificates.crt /rootfs/etc/ssl/certs/ \
 && /rootfs/docbridge --version

# No USER: container actions run as root, and the workspace the runner
# mounts belongs to it. No WORKDIR: the runner sets the working directory
# (/github/workspace) and docbridge reads GITHUB_WORKSPACE anyway.
FROM scratch
COPY --from=build /rootfs/ /
ENTRYPOINT ["/docbridge", "action"]

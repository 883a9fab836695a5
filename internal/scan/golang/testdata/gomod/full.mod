module example.com/app

go 1.22

toolchain go1.22.3

require (
	github.com/spf13/cobra v1.8.0
	golang.org/x/mod v0.17.0 // indirect
)

require github.com/acme/lib v1.2.3

replace github.com/acme/lib => ../lib

replace github.com/old/thing v1.0.0 => github.com/new/thing v1.1.0

replace example.com/tools => ./tools

replace example.com/escape => ../../../outside

replace example.com/abs => /opt/abs

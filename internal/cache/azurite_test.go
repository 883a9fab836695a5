package cache

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/sas"
)

// Azurite's fixed development account (documented, public).
const (
	azuriteAccount = "devstoreaccount1"
	azuriteKey     = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
	// azuriteStartup bounds waiting for the emulator to listen.
	azuriteStartup = 60 * time.Second
)

// azuriteBin is installed by `npm ci --prefix tools/peers` (.ci/run).
var azuriteBin = filepath.Join("..", "..", "tools", "peers", "node_modules", ".bin", "azurite-blob")

// blobPeer is a running azurite blob service with one container, signing
// URLs the way the cache service v2 does.
type blobPeer struct {
	endpoint  string // http://127.0.0.1:PORT/devstoreaccount1
	container string
	cred      *azblob.SharedKeyCredential
	client    *azblob.Client
}

// startAzurite starts azurite-blob on a free port in a temporary directory,
// or skips the test when it is not installed.
func startAzurite(t *testing.T) *blobPeer {
	t.Helper()
	if _, err := os.Stat(azuriteBin); err != nil {
		t.Skipf("azurite is not installed (%s): run npm ci --prefix tools/peers", azuriteBin)
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: azurite cannot run")
	}
	port := freePort(t)
	var out lockedBuffer
	bin, err := filepath.Abs(azuriteBin)
	if err != nil {
		t.Fatal(err)
	}
	// In memory, in a temporary working directory: nothing is left behind.
	cmd := exec.Command(bin, "--blobHost", "127.0.0.1", "--blobPort", strconv.Itoa(port),
		"--inMemoryPersistence", "--skipApiVersionCheck", "--disableTelemetry", "--loose", "--silent")
	cmd.Dir = t.TempDir()
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatalf("start azurite: %v", err)
	}
	exited := make(chan struct{})
	var waitErr error
	go func() { waitErr = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
	})
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	deadline := time.Now().Add(azuriteStartup)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			break
		}
		select {
		case <-exited:
			t.Fatalf("azurite exited (%v):\n%s", waitErr, out.String())
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("azurite not listening on %s after %s:\n%s", addr, azuriteStartup, out.String())
		}
	}
	p := &blobPeer{endpoint: "http://" + addr + "/" + azuriteAccount, container: "actions-cache"}
	if p.cred, err = azblob.NewSharedKeyCredential(azuriteAccount, azuriteKey); err != nil {
		t.Fatal(err)
	}
	if p.client, err = azblob.NewClientWithSharedKeyCredential(p.endpoint+"/", p.cred, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := p.client.CreateContainer(context.Background(), p.container, nil); err != nil {
		t.Fatalf("create container: %v\n%s", err, out.String())
	}
	return p
}

// signedURL is a SAS URL for one blob, as CreateCacheEntry (write) and
// GetCacheEntryDownloadURL (read) hand out.
func (p *blobPeer) signedURL(blob string, perms sas.BlobPermissions) (string, error) {
	qp, err := sas.BlobSignatureValues{
		Protocol:      sas.ProtocolHTTPSandHTTP,
		StartTime:     time.Now().Add(-time.Minute).UTC(),
		ExpiryTime:    time.Now().Add(time.Hour).UTC(),
		Permissions:   perms.String(),
		ContainerName: p.container,
		BlobName:      blob,
	}.SignWithSharedKey(p.cred)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s/%s/%s?%s", p.endpoint, p.container, url.PathEscape(blob), qp.Encode()), nil
}

// size is a blob's length as azurite stores it.
func (p *blobPeer) size(ctx context.Context, blob string) (int64, error) {
	props, err := p.client.ServiceClient().NewContainerClient(p.container).NewBlobClient(blob).GetProperties(ctx, nil)
	if err != nil {
		return 0, err
	}
	if props.ContentLength == nil {
		return 0, fmt.Errorf("blob %s has no length", blob)
	}
	return *props.ContentLength, nil
}

// remove deletes a blob behind the cache service's back (an eviction race).
func (p *blobPeer) remove(ctx context.Context, blob string) error {
	_, err := p.client.DeleteBlob(ctx, p.container, blob, nil)
	return err
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// lockedBuffer collects a child's output from two pipes.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

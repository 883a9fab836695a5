// Package httpserver serves the store over HTTP.
package httpserver

import "example.com/corerepo/internal/store"

// HTTPServer serves requests.
type HTTPServer struct{ st *store.Store }

// NewHTTPServer returns a server.
func NewHTTPServer() *HTTPServer { return &HTTPServer{st: store.OpenStore()} }

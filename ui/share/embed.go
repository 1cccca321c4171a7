package share

import (
	"embed"
	"html/template"
	"io/fs"
	"sync"
)

// web holds the page (web/page.html) and its static files (web/static/),
// built into the binary.
//
//go:embed web
var web embed.FS

// staticFiles are the files served under /static/.
func staticFiles() fs.FS {
	sub, err := fs.Sub(web, "web/static")
	if err != nil {
		panic(err) // a path literal: a build defect
	}
	return sub
}

// pageTemplate is web/page.html, parsed once.
var pageTemplate = sync.OnceValues(func() (*template.Template, error) {
	return template.ParseFS(web, "web/page.html")
})

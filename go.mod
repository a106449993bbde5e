module github.com/clauz3/clauz3

go 1.26.8

require (
	github.com/go-python/gpython v0.2.0
	github.com/rogpeppe/go-internal v1.16.0
)

require (
	github.com/google/go-cmp v0.7.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)

module github.com/clauz3/clauz3

go 1.26.8

require (
	github.com/go-python/gpython v0.2.0 // indirect
	github.com/google/go-cmp v0.7.0 // indirect
	github.com/mattn/go-runewidth v0.0.13 // indirect
	github.com/peterh/liner v1.2.2 // indirect
	github.com/rivo/uniseg v0.3.4 // indirect
	github.com/rogpeppe/go-internal v1.16.0 // indirect
	golang.org/x/sys v0.26.0 // indirect
)

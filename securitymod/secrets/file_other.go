//go:build !unix

package secrets

import (
	"errors"
	"io/fs"
	"os"
)

const osSupported = false

var errUnsupported = errors.New("the encrypted file fallback needs a unix system")

func openNoFollow(string, int, fs.FileMode) (*os.File, error) { return nil, errUnsupported }

func ownerOK(fs.FileInfo) (int, bool) { return -1, false }

func lockFile(string) (func(), error) { return nil, errUnsupported }

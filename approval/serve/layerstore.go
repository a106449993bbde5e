package serve

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	iofs "io/fs"
	"net"
	"os"
	"path/filepath"
	"sort"
	"syscall"

	"github.com/clauz3/clauz3/approval/state"
	"github.com/clauz3/clauz3/layers"
)

// listenSocket serves the API on path. Its folder must be the service's
// own and writable by nobody else, so no one can have put another socket
// there; a stale socket of ours is replaced. Anyone may connect (mode
// 0666): clients check the peer's uid, and the API decides nothing.
func listenSocket(path string, uid int) (net.Listener, error) {
	dir := filepath.Dir(path)
	fi, err := os.Lstat(dir)
	if err != nil {
		return nil, fmt.Errorf("the socket folder %s: %v", dir, err)
	}
	st, _ := fi.Sys().(*syscall.Stat_t)
	if !fi.IsDir() || st == nil || int(st.Uid) != uid || fi.Mode().Perm()&0o022 != 0 {
		return nil, fmt.Errorf("the socket folder %s must be a folder owned by the service (uid %d) and writable by nobody else", dir, uid)
	}
	if fi, err := os.Lstat(path); err == nil {
		if fi.Mode()&iofs.ModeSocket == 0 {
			return nil, fmt.Errorf("%s exists and is not a socket", path)
		}
		os.Remove(path)
	}
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, err
	}
	if err := os.Chmod(path, 0o666); err != nil {
		ln.Close()
		return nil, err
	}
	return ln, nil
}

// storeRoots are the trusted layer folders of the service's layer store,
// each checked against the digest pinned when it was installed.
func storeRoots(l state.Layout) ([]string, error) {
	pins, err := readPins(l)
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(pins))
	for n := range pins {
		names = append(names, n)
	}
	sort.Strings(names)
	var roots []string
	for _, n := range names {
		dir := filepath.Join(l.LayerStore(), "tools", n, "trusted")
		got, err := layerDigest(dir)
		if err != nil {
			return nil, fmt.Errorf("layer %s: %v", n, err)
		}
		if got != pins[n] {
			return nil, fmt.Errorf("layer %s in %s has digest %s, but %s was pinned at install; refusing a changed layer store", n, dir, got, pins[n])
		}
		roots = append(roots, dir)
	}
	return roots, nil
}

// pinsFile holds the digest of each installed layer, pinned at install.
func pinsFile(l state.Layout) string { return filepath.Join(l.LayerStore(), "pins.json") }

// readPins reads pinsFile (none yet: no layer installed).
func readPins(l state.Layout) (map[string]string, error) {
	pins := map[string]string{}
	data, err := os.ReadFile(pinsFile(l))
	if errors.Is(err, iofs.ErrNotExist) {
		return pins, nil
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, &pins); err != nil {
		return nil, fmt.Errorf("%s: %v", pinsFile(l), err)
	}
	return pins, nil
}

// layerDigest hashes every file of a layer folder (relative name, size,
// content), so any change to its Python spec or Go code shows.
func layerDigest(dir string) (string, error) {
	h := sha256.New()
	err := filepath.WalkDir(dir, func(path string, d iofs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type()&iofs.ModeSymlink != 0 {
			return fmt.Errorf("%s is a symbolic link", path)
		}
		if d.IsDir() {
			if d.Name() == "__pycache__" {
				return filepath.SkipDir
			}
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		fmt.Fprintf(h, "%s\x00%d\x00", filepath.ToSlash(rel), len(data))
		h.Write(data)
		return nil
	})
	if err != nil {
		return "", err
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

// InstallLayer installs the layer src into l's layer store (replacing one
// of the same domain only with force), pins its digest in PinsFile, and
// gives the store to owner, the service account, when root installs it.
func InstallLayer(l state.Layout, src *layers.Source, force bool, owner int) (*layers.Installed, string, error) {
	res, err := layers.Install(src, l.LayerStore(), force)
	if err != nil {
		return nil, "", err
	}
	digest, err := layerDigest(res.Dir)
	if err != nil {
		return nil, "", err
	}
	pins, err := readPins(l)
	if err != nil {
		return nil, "", err
	}
	pins[res.Domain] = digest
	data, _ := json.MarshalIndent(pins, "", "  ")
	if err := state.WriteFile(pinsFile(l), append(data, '\n')); err != nil {
		return nil, "", err
	}
	// Installed by root into a real store: the service account owns it.
	if os.Geteuid() != owner {
		var gid int
		if fi, err := os.Stat(l.State); err == nil {
			gid = int(fi.Sys().(*syscall.Stat_t).Gid)
		}
		err := filepath.WalkDir(l.LayerStore(), func(p string, d iofs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			return os.Lchown(p, owner, gid)
		})
		if err != nil {
			return nil, "", err
		}
	}
	return res, digest, nil
}

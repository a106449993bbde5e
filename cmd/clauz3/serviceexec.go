package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	iofs "io/fs"
	"os"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/clauz3/clauz3/approval"
	"github.com/clauz3/clauz3/approval/client"
	"github.com/clauz3/clauz3/approval/execute"
	"github.com/clauz3/clauz3/approval/layersetup"
	"github.com/clauz3/clauz3/approval/state"
	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
)

// buildIdentity is the build identity of prog as the service would
// build it now (execute.Identity): its layer store, toolchain, caches and
// layer configuration.
func (sp *serviceProver) buildIdentity(ctx context.Context, prog *ir.Program, src []byte) (string, error) {
	return execute.Identity(ctx, prog, src, sp.exec)
}

// executor is the service's Execute: it compiles the approved plan again
// against its own layer store, checks that plan and layers are what was
// approved, and builds and runs it (package execute). Runs are one at a
// time: a build is CPU-bound and the machine is small.
func (sp *serviceProver) executor(o execute.Options) approval.Execute {
	var mu sync.Mutex
	return func(ctx context.Context, job approval.RunJob) (approval.RunResult, error) {
		src := []byte(job.PlanSource)
		prog, err := compiler.Compile(job.PlanName, src, sp.config(job.Target))
		if err != nil {
			return approval.RunResult{}, fmt.Errorf("compiling the approved plan against the layer store: %v", err)
		}
		digest := ir.Digest(src, prog)
		if digest != job.PlanHash {
			return approval.RunResult{}, fmt.Errorf("the approved plan compiles to %s now, not %s: the layer store changed since the approval; nothing ran", digest, job.PlanHash)
		}
		identity, err := sp.buildIdentity(ctx, prog, src)
		if err != nil {
			return approval.RunResult{}, err
		}
		if identity != job.BuildIdentity {
			return approval.RunResult{}, fmt.Errorf("the layer store, toolchain or layer configuration changed since the approval (build identity %s, approved %s); nothing ran", identity, job.BuildIdentity)
		}
		mu.Lock()
		defer mu.Unlock()
		res, err := execute.Run(ctx, execute.Job{Prog: prog, Source: src, Receipt: job.Receipt, Inputs: job.Inputs, BuildIdentity: job.BuildIdentity}, o)
		if err != nil {
			return approval.RunResult{}, err
		}
		return approval.RunResult{Exit: res.Exit, Stdout: res.Stdout, Stderr: res.Stderr, Trace: res.Trace, BuildIdentity: identity}, nil
	}
}

// executeOptions are the service's run settings, all from its own
// settings, state and config folders and the account database.
func executeOptions(l state.Layout, settings state.Settings, uid int, serviceURL, approvalKey string) (execute.Options, error) {
	if settings.Go == "" || !filepath.IsAbs(settings.Go) {
		return execute.Options{}, fmt.Errorf("%s: no absolute go command path (set at service init with --go)", l.SettingsFile())
	}
	u, err := user.LookupId(strconv.Itoa(uid))
	if err != nil {
		return execute.Options{}, fmt.Errorf("the service account's home folder: %v", err)
	}
	layerEnv, err := readLayerConfig(l, uid, settings.Mode)
	if err != nil {
		return execute.Options{}, err
	}
	goCache, goModCache := filepath.Join(l.State, "gocache"), filepath.Join(l.State, "gomodcache")
	for _, c := range []struct {
		name        string
		value       string
		replaceThis *string
	}{{"go_cache", settings.GoCache, &goCache}, {"go_mod_cache", settings.GoModCache, &goModCache}} {
		if c.value == "" {
			continue
		}
		if settings.Mode != client.ModeDev || !filepath.IsAbs(c.value) {
			return execute.Options{}, fmt.Errorf("%s: %s is for dev mode only, as an absolute path", l.SettingsFile(), c.name)
		}
		*c.replaceThis = c.value
	}
	return execute.Options{
		GoBin: settings.Go, GoCache: goCache, GoModCache: goModCache,
		CacheDir: filepath.Join(l.State, "builds"), WorkDir: filepath.Join(l.State, "runs"),
		ApprovalKey: approvalKey, ServiceURL: serviceURL, Home: u.HomeDir, LayerEnv: layerEnv,
	}, nil
}

// layerConfig is <config>/layers/<domain>.json.
type layerConfig struct {
	// Env is the layer's configuration as the layer reads it
	// (CLAUZ3_SMTP_HOST, CLAUZ3_FS_ROOTS, ...), given only to binaries of
	// plans that use this layer.
	Env map[string]string `json:"env"`
}

// readLayerConfig reads every layer configuration file. A file the
// service does not own, a name that is not CLAUZ3_*, or a secret
// reference is refused: secrets are not yet released to layers (the
// secrets folder and password names are left out rather than handed to
// every layer). So is a dev-only setting (layersetup.DevOnly) on a
// service that is not in dev mode, in any layer's file: a binary's
// environment joins the files of every layer it links.
func readLayerConfig(l state.Layout, uid int, mode string) (map[string][]string, error) {
	out := map[string][]string{}
	entries, err := os.ReadDir(l.LayerConfig())
	if errors.Is(err, iofs.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		domain, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || e.IsDir() {
			continue
		}
		path := filepath.Join(l.LayerConfig(), e.Name())
		data, err := state.ReadFile(path, uid)
		if err != nil {
			return nil, fmt.Errorf("layer configuration: %v", err)
		}
		var c layerConfig
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		keys := make([]string, 0, len(c.Env))
		for k := range c.Env {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			switch {
			case !strings.HasPrefix(k, "CLAUZ3_") || strings.ContainsAny(k, "= \x00"):
				return nil, fmt.Errorf("%s: %q is not a CLAUZ3_* layer setting", path, k)
			case k == "CLAUZ3_SECRETS_DIR" || strings.HasSuffix(k, "_SECRET"):
				return nil, fmt.Errorf("%s: %s names a secret; releasing secrets to layers is not supported yet, so it is refused rather than handed over", path, k)
			case strings.ContainsRune(c.Env[k], 0):
				return nil, fmt.Errorf("%s: %s has a NUL byte", path, k)
			}
			if why, devOnly := layersetup.DevOnly(k); devOnly && mode != client.ModeDev {
				return nil, fmt.Errorf("%s: %s %s; only a dev-mode service may set it, this one is %s", path, k, why, mode)
			}
			out[domain] = append(out[domain], k+"="+c.Env[k])
		}
	}
	return out, nil
}

package serve

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	iofs "io/fs"
	"os"
	"os/user"
	"path/filepath"
	"regexp"
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
	"github.com/clauz3/clauz3/gen"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/securitymod/receipt"
	"github.com/clauz3/clauz3/securitymod/sandbox"
)

// sandboxLines are what a run of prog could touch, in words, one line a
// part (the card's Sandbox), and a loud warning when this machine lacks a
// protection: the run would go unconfined, or (when the configuration
// does not allow that) be refused after the human approved it.
func sandboxLines(id *gen.BuildIdentity, o execute.Options) ([]string, string) {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(id.SandboxText), "\n") {
		if l != "" {
			lines = append(lines, l)
		}
	}
	warn := ""
	switch missing := o.Kernel().Missing(); {
	case missing == "":
	case o.Sandbox.AllowUnconfined:
		warn = "RUNNING UNCONFINED: this machine lacks " + missing + "; the service's configuration allows running anyway, so the run is not confined by the kernel to what is listed under the sandbox"
	default:
		warn = "THIS RUN WILL BE REFUSED: this machine lacks " + missing + "; the service's configuration does not allow running unconfined (service.json sandbox.allow_unconfined), so approving it runs nothing"
	}
	return lines, warn
}

// executor is the service's Execute: it compiles the approved plan again
// against its own layer store, reads the build and run settings as they
// are now (the layer configuration on disk), checks that plan, layers
// and configuration are what was approved (the build identity), and
// builds and runs it with those settings (package execute). Runs are one
// at a time: a build is CPU-bound and the machine is small.
func (sp *serviceProver) executor() approval.Execute {
	var mu sync.Mutex
	return func(ctx context.Context, job approval.RunJob) (approval.RunResult, error) {
		src := []byte(job.PlanSource)
		prog, err := compiler.Compile(job.PlanName, src, sp.config(job.Target))
		if err != nil {
			return approval.RunResult{}, fail(CompileFailed, "compiling the approved plan against the layer store: %w", err)
		}
		digest := ir.Digest(src, prog)
		if digest != job.PlanHash {
			return approval.RunResult{}, fail(PlanChanged, "the approved plan compiles to %s now, not %s: the layer store changed since the approval; nothing ran", digest, job.PlanHash)
		}
		o, err := sp.options()
		if err != nil {
			return approval.RunResult{}, fail(OptionsFailed, "%w; nothing ran", err)
		}
		identity, err := execute.Identity(ctx, prog, src, o)
		if err != nil {
			return approval.RunResult{}, err
		}
		if identity != job.BuildIdentity {
			return approval.RunResult{}, fail(IdentityChanged, "the layer store, toolchain or layer configuration changed since the approval (build identity %s, approved %s); nothing ran", identity, job.BuildIdentity)
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

// ExecuteOptions are the service's run settings, all from its own
// settings, state and config folders and the account database.
func ExecuteOptions(l state.Layout, settings state.Settings, uid int, serviceURL string, keys state.Keys) (execute.Options, error) {
	if settings.Go == "" || !filepath.IsAbs(settings.Go) {
		return execute.Options{}, fail(BadSettings, "%s: no absolute go command path (set at service init with --go)", l.SettingsFile())
	}
	u, err := user.LookupId(strconv.Itoa(uid))
	if err != nil {
		return execute.Options{}, fail(BadSettings, "the service account's home folder: %w", err)
	}
	layerEnv, layerSecrets, err := readLayerConfig(l, uid, keys, settings.Mode)
	if err != nil {
		return execute.Options{}, err
	}
	approvalKey := receipt.EncodePublicKey(keys.Signing.Public().(ed25519.PublicKey))
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
			return execute.Options{}, fail(BadSettings, "%s: %s is for dev mode only, as an absolute path", l.SettingsFile(), c.name)
		}
		*c.replaceThis = c.value
	}
	return execute.Options{
		GoBin: settings.Go, GoCache: goCache, GoModCache: goModCache,
		CacheDir: filepath.Join(l.State, "builds"), WorkDir: filepath.Join(l.State, "runs"),
		ApprovalKey: approvalKey, ServiceURL: serviceURL, Home: u.HomeDir, LayerEnv: layerEnv,
		LayerSecrets: layerSecrets, SecretsDir: filepath.Join(l.State, "runs", "secrets"),
		Sandbox: execute.SandboxOptions{
			ReadOnly: settings.Sandbox.ReadOnly, ReadWrite: settings.Sandbox.ReadWrite, ConnectPorts: settings.Sandbox.ConnectPorts,
			AllowUnconfined: settings.Sandbox.AllowUnconfined,
			Limits: sandbox.Limits{
				CPUSeconds: settings.Sandbox.CPUSeconds, AddressSpace: settings.Sandbox.AddressSpace, OpenFiles: settings.Sandbox.OpenFiles,
				FileSize: settings.Sandbox.FileSize, Processes: settings.Sandbox.Processes,
			},
		},
	}, nil
}

// layerConfig is <config>/layers/<domain>.json.
type layerConfig struct {
	// Env is the layer's configuration as the layer reads it
	// (CLAUZ3_SMTP_HOST, CLAUZ3_FS_ROOTS, ...), given only to binaries of
	// plans that use this layer.
	Env map[string]string `json:"env"`
}

// readLayerConfig reads every layer configuration file and the secrets
// they name. A file the service does not own, a name that is not CLAUZ3_*,
// or CLAUZ3_SECRETS_DIR (the service sets it) is refused. A setting whose
// name ends in _SECRET names a secret of that layer: the file
// <config>/secrets/<domain>/<name> (owned by the service, 0600). The
// setting is rewritten to "<domain>.<name>", the name the run's secret
// store holds it under, and the value is answered by domain for
// execute.Options.LayerSecrets, which releases it only to a run linking
// that layer. A layer naming a secret of another layer's folder, a
// secret that is missing or empty, or one holding the service's own key
// material (signing key, session secret: attack D1, the signing key mailed
// out) is refused with the reason. So is a dev-only setting
// (layersetup.DevOnly) on a service that is not in dev mode, in any
// layer's file: a binary's environment joins the files of every layer
// it links.
func readLayerConfig(l state.Layout, uid int, keys state.Keys, mode string) (map[string][]string, map[string]map[string]string, error) {
	out := map[string][]string{}
	released := map[string]map[string]string{}
	entries, err := os.ReadDir(l.LayerConfig())
	if errors.Is(err, iofs.ErrNotExist) {
		return out, released, nil
	}
	if err != nil {
		return nil, nil, err
	}
	own := serviceKeyMaterial(keys)
	for _, e := range entries {
		domain, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || e.IsDir() {
			continue
		}
		path := filepath.Join(l.LayerConfig(), e.Name())
		if !secretName.MatchString(domain) {
			return nil, nil, fail(BadLayerFile, "%s: %q is not a layer domain (letters, digits, '_' and '-')", path, domain)
		}
		data, err := state.ReadFile(path, uid)
		if err != nil {
			return nil, nil, fail(LayerConfigUnreadable, "layer configuration: %w", err)
		}
		var c layerConfig
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c); err != nil {
			return nil, nil, fail(BadLayerFile, "%s: %w", path, err)
		}
		keys := make([]string, 0, len(c.Env))
		for k := range c.Env {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			v := c.Env[k]
			switch {
			case !strings.HasPrefix(k, "CLAUZ3_") || strings.ContainsAny(k, "= \x00"):
				return nil, nil, fail(BadSetting, "%s: %q is not a CLAUZ3_* layer setting", path, k)
			case k == "CLAUZ3_SECRETS_DIR":
				return nil, nil, fail(SecretsDirSet, "%s: %s is the service's to set (each run's own secret store); a layer names its secrets with *_SECRET settings", path, k)
			case strings.ContainsRune(v, 0):
				return nil, nil, fail(BadSetting, "%s: %s has a NUL byte", path, k)
			case strings.HasSuffix(k, "_SECRET"):
				value, err := layerSecret(l, uid, domain, v, own)
				if err != nil {
					// layerSecret's *Error (its Kind) stays reachable.
					return nil, nil, fmt.Errorf("%s: %s: %w", path, k, err)
				}
				if released[domain] == nil {
					released[domain] = map[string]string{}
				}
				v = domain + "." + v
				released[domain][v] = value
			}
			if why, devOnly := layersetup.DevOnly(k); devOnly && mode != client.ModeDev {
				return nil, nil, fail(DevOnlySetting, "%s: %s %s; only a dev-mode service may set it, this one is %s", path, k, why, mode)
			}
			out[domain] = append(out[domain], k+"="+v)
		}
	}
	return out, released, nil
}

// secretName is a layer domain's or a secret's name: it becomes a path
// component and, joined by '.', the run store's name of the secret.
var secretName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`)

// reservedSecrets are names of the service's own secrets, which no layer
// may name whatever its folder holds.
var reservedSecrets = map[string]bool{"approval-signing-key": true, "signing-key": true, "session-secret": true, "keys": true}

// layerSecret reads the secret name of layer domain from the service's
// config folder, refusing what the layer may not have.
func layerSecret(l state.Layout, uid int, domain, name string, own []string) (string, error) {
	if !secretName.MatchString(name) {
		return "", fail(BadSecretName, "%q is not a secret name (1-64 letters, digits, '_' and '-', starting with a letter or digit)", name)
	}
	if reservedSecrets[name] {
		return "", fail(ServiceSecret, "%q names one of the service's own secrets; no layer is given those", name)
	}
	dir := filepath.Join(l.Config, "secrets", domain)
	path := filepath.Join(dir, name)
	data, err := state.ReadFile(path, uid)
	if errors.Is(err, iofs.ErrNotExist) {
		others, _ := filepath.Glob(filepath.Join(l.Config, "secrets", "*", name))
		for _, o := range others {
			if other := filepath.Base(filepath.Dir(o)); other != domain {
				return "", fail(OtherLayersSecret, "the secret %q is layer %s's (%s), not layer %s's: a layer is given only the secrets in its own folder %s", name, other, o, domain, dir)
			}
		}
		return "", fail(NoSecret, "no secret %q in layer %s's folder %s", name, domain, dir)
	}
	if err != nil {
		return "", fail(SecretUnreadable, "the secret %q: %w", name, err)
	}
	if err := state.CheckDir(dir, uid); err != nil {
		return "", fail(SecretUnreadable, "the secret %q: %w", name, err)
	}
	value := strings.TrimSuffix(string(data), "\n")
	if value == "" {
		return "", fail(EmptySecret, "the secret %q (%s) is empty", name, path)
	}
	for _, m := range own {
		if strings.Contains(value, m) {
			return "", fail(KeyMaterial, "the secret %q (%s) holds the service's own key material; it is never given to a layer", name, path)
		}
	}
	return value, nil
}

// serviceKeyMaterial is the service's signing key and session secret in
// every encoding a file could hold them in.
func serviceKeyMaterial(keys state.Keys) []string {
	var raw [][]byte
	if len(keys.Signing) == ed25519.PrivateKeySize {
		raw = append(raw, keys.Signing.Seed(), []byte(keys.Signing))
	}
	if len(keys.SessionSecret) > 0 {
		raw = append(raw, keys.SessionSecret)
	}
	var out []string
	for _, b := range raw {
		out = append(out, string(b), hex.EncodeToString(b), strings.ToUpper(hex.EncodeToString(b)))
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
			// Without its last, partial group: a prefix of the encoding
			// matches however the file pads or wraps the end.
			e := enc.EncodeToString(b)
			out = append(out, e[:len(e)-4])
		}
	}
	return out
}

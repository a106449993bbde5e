package gen

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/clauz3/clauz3/ir"
)

// BuildIdentity is everything a sealed binary is made of and the
// configuration its run will use. Its Digest keys the build cache, is
// embedded in the binary (printed by --plan-hash) and, for a real build,
// is what a receipt's build_id must equal for the binary to run.
type BuildIdentity struct {
	Mode       string `json:"mode"`        // simulate or real
	PlanSource string `json:"plan_source"` // sha256:<hex> of the plan's source bytes
	IR         string `json:"ir"`          // ir.Digest: source and printed IR
	// Layers are the linked layers (real mode) or the layers whose Go
	// API was checked (simulate mode), each with its Python spec and Go
	// files.
	Layers      []LayerIdentity `json:"layers"`
	Runtime     string          `json:"runtime"`      // digest of planrt's source and pysem's (runtimeSources)
	Securitymod string          `json:"securitymod"`  // digest of securitymod's runtime half
	Generator   string          `json:"generator"`    // digest of gen's own source (vetted go.sum lines included)
	Toolchain   string          `json:"toolchain"`    // `go version` of the checked toolchain
	GoBin       string          `json:"go_bin"`       // its absolute path
	LayerConfig string          `json:"layer_config"` // sha256:<hex> of BuildOptions.LayerConfig
	ApprovalKey string          `json:"approval_key"` // real builds: the service's public key
	// Sandbox is the kernel sandbox policy the binary applies to itself
	// (SandboxPolicy), empty when it embeds none.
	Sandbox string `json:"sandbox,omitempty"`
	// Digest is "sha256:<hex>" over the canonical JSON of the fields
	// above; it is not part of what it hashes.
	Digest string `json:"-"`
	// SandboxText is the sandbox policy for people (SandboxText: the
	// policy's String, one line a part, with the hosts the run can
	// connect to after its network line), for the approval card; not
	// hashed (Sandbox is, and the hosts come from LayerConfig, which is).
	SandboxText string `json:"-"`
}

// LayerIdentity names one layer's sources by content.
type LayerIdentity struct {
	Name   string            `json:"name"`   // tools.email.trusted
	Path   string            `json:"path"`   // its import path in the build module
	Python map[string]string `json:"python"` // spec file -> sha256:<hex>
	Go     map[string]string `json:"go"`     // Go file -> sha256:<hex>
}

// identityContext precedes the canonical JSON in what Digest hashes.
const identityContext = "clauz3 build identity v1\n"

// Identity computes the build identity Build would use for prog (compiled
// from src) with opts, without building: it checks the toolchain and runs
// its `go version`, resolves and reads the layers, and hashes.
func Identity(ctx context.Context, prog *ir.Program, src []byte, opts BuildOptions) (*BuildIdentity, error) {
	tc, err := opts.resolveToolchain()
	if err != nil {
		return nil, err
	}
	layers, err := resolveLayers(prog, opts.Layers)
	if err != nil {
		return nil, err
	}
	version, err := tc.version(ctx, tc.environ(opts.Env))
	if err != nil {
		return nil, err
	}
	return identityOf(prog, src, opts, layers, tc.goBin, version)
}

func sumHex(data []byte) string {
	s := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(s[:])
}

func filesDigest(files map[string][]byte) string {
	h := sha256.New()
	hashFiles(h, files)
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// pythonSpec reads the layer folder's Python files (the effects'
// declarations and contracts the proof used), by name.
func (l *Layer) pythonSpec() (map[string]string, error) {
	entries, err := os.ReadDir(l.Dir)
	if err != nil {
		return nil, fmt.Errorf("layer %s: %v", l.Name, err)
	}
	out := map[string]string{}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".py") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(l.Dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("layer %s: %v", l.Name, err)
		}
		out[e.Name()] = sumHex(data)
	}
	return out, nil
}

func identityOf(prog *ir.Program, src []byte, opts BuildOptions, layers []*Layer, goBin, version string) (*BuildIdentity, error) {
	id := &BuildIdentity{
		Mode: opts.Mode.String(), PlanSource: sumHex(src), IR: ir.Digest(src, prog),
		Layers: []LayerIdentity{}, Toolchain: version, GoBin: goBin,
		LayerConfig: sumHex(opts.LayerConfig), ApprovalKey: opts.ApprovalKey,
	}
	if _, err := boundLayerEnv(opts.LayerConfig, layers); err != nil {
		return nil, err
	}
	policy, err := opts.sandboxPolicy(layers)
	if err != nil {
		return nil, err
	}
	if policy != nil {
		hosts, err := SandboxHosts(layers, *opts.Sandbox)
		if err != nil {
			return nil, err
		}
		id.Sandbox = sandboxHashText(*policy)
		id.SandboxText = SandboxText(*policy, hosts)
	}
	rt, err := runtimeSources()
	if err != nil {
		return nil, err
	}
	sm, err := SecuritymodFiles()
	if err != nil {
		return nil, err
	}
	gf, err := genFiles()
	if err != nil {
		return nil, err
	}
	id.Runtime, id.Securitymod, id.Generator = filesDigest(rt), filesDigest(sm), filesDigest(gf)
	for _, l := range layers {
		py, err := l.pythonSpec()
		if err != nil {
			return nil, err
		}
		files, err := l.sources()
		if err != nil {
			return nil, err
		}
		gosums := map[string]string{}
		for n, data := range files {
			gosums[n] = sumHex(data)
		}
		id.Layers = append(id.Layers, LayerIdentity{Name: l.Name, Path: l.Path, Python: py, Go: gosums})
	}
	sort.Slice(id.Layers, func(i, j int) bool { return id.Layers[i].Name < id.Layers[j].Name })
	canon, err := id.Canonical()
	if err != nil {
		return nil, err
	}
	id.Digest = sumHex(append([]byte(identityContext), canon...))
	return id, nil
}

// Canonical is the identity's canonical JSON (struct field order, map
// keys sorted, no HTML escaping): what Digest hashes, after
// identityContext.
func (id *BuildIdentity) Canonical() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(id); err != nil {
		return nil, fmt.Errorf("build identity: %v", err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

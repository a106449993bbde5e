package gen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/clauz3/clauz3/securitymod/sandbox"
)

// LayerDomain is the domain of a layer name (tools.email.trusted: email),
// the key of the layer's entry in BuildOptions.LayerConfig.
func LayerDomain(name string) string {
	parts := strings.Split(name, ".")
	if len(parts) == 3 && parts[0] == "tools" && parts[2] == "trusted" {
		return parts[1]
	}
	return name
}

// boundLayerEnv is the configuration a real run of layers must be given,
// read from BuildOptions.LayerConfig: a JSON object of layer domain to
// "CLAUZ3_NAME=value" settings. The settings of the linked layers, sorted,
// are what the binary checks its CLAUZ3_* environment against before it
// redeems its receipt. Nil config: nothing is bound (the binary checks
// nothing). Anything malformed, a setting not named CLAUZ3_*, or one name
// two linked layers give different values is refused: the binary could
// not check it.
func boundLayerEnv(config []byte, layers []*Layer) (*[]string, error) {
	if config == nil {
		return nil, nil
	}
	var byDomain map[string][]string
	dec := json.NewDecoder(bytes.NewReader(config))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&byDomain); err != nil {
		return nil, fmt.Errorf("layer configuration: want a JSON object of layer domain to [\"CLAUZ3_NAME=value\", ...]: %v", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("layer configuration: data after the JSON object")
	}
	given := map[string]string{}
	env := []string{}
	for _, l := range layers {
		domain := LayerDomain(l.Name)
		for _, kv := range byDomain[domain] {
			name, value, ok := strings.Cut(kv, "=")
			if !ok || !strings.HasPrefix(name, "CLAUZ3_") || strings.ContainsAny(name, " \x00") || strings.ContainsRune(value, 0) {
				return nil, fmt.Errorf("layer configuration of %s: %q is not CLAUZ3_NAME=value", domain, kv)
			}
			if name == sandbox.ChildEnv {
				return nil, fmt.Errorf("layer configuration of %s: %s is the sandbox's own mark, not a layer setting", domain, name)
			}
			if old, dup := given[name]; dup {
				if old != value {
					return nil, fmt.Errorf("layer configuration: %s is given twice, with two values, to the layers of one run", name)
				}
				continue
			}
			given[name] = value
			env = append(env, kv)
		}
	}
	sort.Strings(env)
	return &env, nil
}

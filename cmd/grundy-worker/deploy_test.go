package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// manifest is the part of a Kubernetes object the probe test reads.
type manifest struct {
	Kind     string `yaml:"kind"`
	Metadata struct {
		Name string `yaml:"name"`
	} `yaml:"metadata"`
	Spec struct {
		Template podTemplate `yaml:"template"`
	} `yaml:"spec"`
}

type podTemplate struct {
	Metadata struct {
		Annotations map[string]string `yaml:"annotations"`
	} `yaml:"metadata"`
	Spec struct {
		Containers []container `yaml:"containers"`
	} `yaml:"spec"`
}

type container struct {
	Name    string   `yaml:"name"`
	Command []string `yaml:"command"`
	Args    []string `yaml:"args"`
	Ports   []struct {
		Name          string `yaml:"name"`
		ContainerPort int    `yaml:"containerPort"`
	} `yaml:"ports"`
	Liveness  *probe `yaml:"livenessProbe"`
	Readiness *probe `yaml:"readinessProbe"`
}

type probe struct {
	HTTPGet *struct {
		Path string    `yaml:"path"`
		Port yaml.Node `yaml:"port"`
	} `yaml:"httpGet"`
	PeriodSeconds    int `yaml:"periodSeconds"`
	FailureThreshold int `yaml:"failureThreshold"`
}

// TestKubernetesProbes: the workers of deploy/kubernetes.yaml have a
// liveness and a readiness probe, and the coordinator a liveness probe,
// on the port their --metrics-address serves; the arguments parse as
// grundy-worker's flags; and the paths probed answer as the probes need:
// liveness 200 at once, readiness 503 until the worker polls and 200
// after, from the server the program runs.
func TestKubernetesProbes(t *testing.T) {
	b, err := os.ReadFile("../../deploy/kubernetes.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	found := map[string]bool{}
	for {
		var m manifest
		if err := dec.Decode(&m); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		for _, c := range m.Spec.Template.Spec.Containers {
			if len(c.Command) > 0 || len(c.Args) == 0 || (c.Args[0] != "run" && c.Args[0] != "solve") {
				continue // not grundy-worker run or solve
			}
			name := m.Kind + "/" + m.Metadata.Name
			found[c.Args[0]] = true
			checkProbes(t, name, c, m.Spec.Template.Metadata.Annotations)
		}
	}
	if !found["run"] || !found["solve"] {
		t.Errorf("deploy/kubernetes.yaml: workers (run) %v, coordinator (solve) %v; want both", found["run"], found["solve"])
	}
}

func checkProbes(t *testing.T, name string, c container, annotations map[string]string) {
	t.Helper()
	root := newRoot()
	cmd, rest, err := root.Find(c.Args)
	if err != nil || cmd.Name() != c.Args[0] {
		t.Fatalf("%s: %v does not name a command: %v", name, c.Args, err)
	}
	if err := cmd.ParseFlags(rest); err != nil {
		t.Fatalf("%s: args %v: %v", name, c.Args, err)
	}
	addr, err := cmd.Flags().GetString("metrics-address")
	if err != nil || addr == "" {
		t.Fatalf("%s: no --metrics-address in %v", name, c.Args)
	}
	port := map[string]int{}
	for _, p := range c.Ports {
		port[p.Name] = p.ContainerPort
	}
	if want := fmt.Sprintf(":%d", port["metrics"]); addr != want {
		t.Errorf("%s: --metrics-address %s, the metrics port is %s", name, addr, want)
	}
	if annotations["prometheus.io/port"] != fmt.Sprint(port["metrics"]) || annotations["prometheus.io/path"] != "/metrics" {
		t.Errorf("%s: scrape annotations %v, want port %d and /metrics", name, annotations, port["metrics"])
	}
	probes := map[string]*probe{"liveness": c.Liveness}
	if c.Args[0] == "run" {
		probes["readiness"] = c.Readiness
	}
	// The program's own server, as the container runs it, on a free
	// port here; readiness as a worker has it before and after polling.
	ready := &workerReady{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	served, err := serveMetrics(ctx, "127.0.0.1:0", newRegistry(), func(context.Context) error {
		ready.mu.Lock()
		defer ready.mu.Unlock()
		if !ready.polling {
			return errors.New("not polling")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	get := func(path string) int {
		resp, err := http.Get("http://" + served + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for kind, p := range probes {
		if p == nil || p.HTTPGet == nil {
			t.Errorf("%s: no %s probe (httpGet)", name, kind)
			continue
		}
		if p.HTTPGet.Port.Value != "metrics" && p.HTTPGet.Port.Value != fmt.Sprint(port["metrics"]) {
			t.Errorf("%s: %s probe on port %s, not the metrics port", name, kind, p.HTTPGet.Port.Value)
		}
		if p.PeriodSeconds*p.FailureThreshold < 30 {
			t.Errorf("%s: %s probe fails after %d s, less than 30", name, kind, p.PeriodSeconds*p.FailureThreshold)
		}
		switch kind {
		case "liveness":
			if code := get(p.HTTPGet.Path); code != http.StatusOK {
				t.Errorf("%s: liveness probe %s answered %d, want 200", name, p.HTTPGet.Path, code)
			}
		case "readiness":
			if code := get(p.HTTPGet.Path); code != http.StatusServiceUnavailable {
				t.Errorf("%s: readiness probe %s answered %d before the worker polls, want 503", name, p.HTTPGet.Path, code)
			}
			ready.started()
			if code := get(p.HTTPGet.Path); code != http.StatusOK {
				t.Errorf("%s: readiness probe %s answered %d once polling, want 200", name, p.HTTPGet.Path, code)
			}
		}
	}
	if code := get("/metrics"); code != http.StatusOK {
		t.Errorf("%s: /metrics answered %d", name, code)
	}
	if strings.Contains(name, "Deployment") && c.Readiness == nil {
		t.Errorf("%s: a worker Deployment without a readiness probe", name)
	}
}

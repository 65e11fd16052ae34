// Package kubernetes_test checks the Kubernetes manifests beside it
// against the handler, the Dockerfile and each other.
package kubernetes_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"sigs.k8s.io/yaml"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/httpd"
	"github.com/barkit/barkit/internal/modroot"
)

// The parts of the Kubernetes API objects the manifests use, with the
// API's field names (https://kubernetes.io/docs/reference/kubernetes-api/).
// The manifests are decoded strictly: a field these types lack, such as a
// misspelt one, fails the test, and a field added to a manifest must be
// added here, checked against the API reference.

type typeMeta struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
}

type objectMeta struct {
	Name        string            `json:"name"`
	Labels      map[string]string `json:"labels"`
	Annotations map[string]string `json:"annotations"`
}

type labelSelector struct {
	MatchLabels map[string]string `json:"matchLabels"`
}

type deployment struct {
	typeMeta
	Metadata objectMeta `json:"metadata"`
	Spec     struct {
		Replicas *int32        `json:"replicas"`
		Selector labelSelector `json:"selector"`
		Strategy struct {
			Type          string `json:"type"`
			RollingUpdate struct {
				MaxSurge       any `json:"maxSurge"`
				MaxUnavailable any `json:"maxUnavailable"`
			} `json:"rollingUpdate"`
		} `json:"strategy"`
		Template struct {
			Metadata objectMeta `json:"metadata"`
			Spec     podSpec    `json:"spec"`
		} `json:"template"`
	} `json:"spec"`
}

type podSpec struct {
	TerminationGracePeriodSeconds *int64 `json:"terminationGracePeriodSeconds"`
	AutomountServiceAccountToken  *bool  `json:"automountServiceAccountToken"`
	SecurityContext               struct {
		RunAsNonRoot   *bool  `json:"runAsNonRoot"`
		RunAsUser      *int64 `json:"runAsUser"`
		RunAsGroup     *int64 `json:"runAsGroup"`
		SeccompProfile struct {
			Type string `json:"type"`
		} `json:"seccompProfile"`
	} `json:"securityContext"`
	Containers []container `json:"containers"`
}

type container struct {
	Name            string   `json:"name"`
	Image           string   `json:"image"`
	ImagePullPolicy string   `json:"imagePullPolicy"`
	Command         []string `json:"command"`
	Args            []string `json:"args"`
	Ports           []struct {
		Name          string `json:"name"`
		ContainerPort int    `json:"containerPort"`
		Protocol      string `json:"protocol"`
	} `json:"ports"`
	Env []struct {
		Name  string `json:"name"`
		Value string `json:"value"`
	} `json:"env"`
	Resources struct {
		Requests map[string]string `json:"requests"`
		Limits   map[string]string `json:"limits"`
	} `json:"resources"`
	ReadinessProbe *probe `json:"readinessProbe"`
	LivenessProbe  *probe `json:"livenessProbe"`
	Lifecycle      struct {
		PreStop struct {
			Sleep struct {
				Seconds int64 `json:"seconds"`
			} `json:"sleep"`
		} `json:"preStop"`
	} `json:"lifecycle"`
	SecurityContext struct {
		AllowPrivilegeEscalation *bool `json:"allowPrivilegeEscalation"`
		ReadOnlyRootFilesystem   *bool `json:"readOnlyRootFilesystem"`
		Capabilities             struct {
			Drop []string `json:"drop"`
		} `json:"capabilities"`
	} `json:"securityContext"`
}

type probe struct {
	HTTPGet *struct {
		Path string `json:"path"`
		Port any    `json:"port"` // a number or a port's name
	} `json:"httpGet"`
	InitialDelaySeconds int `json:"initialDelaySeconds"`
	PeriodSeconds       int `json:"periodSeconds"`
	TimeoutSeconds      int `json:"timeoutSeconds"`
	FailureThreshold    int `json:"failureThreshold"`
}

type service struct {
	typeMeta
	Metadata objectMeta `json:"metadata"`
	Spec     struct {
		Type     string            `json:"type"`
		Selector map[string]string `json:"selector"`
		Ports    []struct {
			Name       string `json:"name"`
			Port       int    `json:"port"`
			TargetPort any    `json:"targetPort"`
			Protocol   string `json:"protocol"`
		} `json:"ports"`
	} `json:"spec"`
}

type hpa struct {
	typeMeta
	Metadata objectMeta `json:"metadata"`
	Spec     struct {
		ScaleTargetRef struct {
			APIVersion string `json:"apiVersion"`
			Kind       string `json:"kind"`
			Name       string `json:"name"`
		} `json:"scaleTargetRef"`
		MinReplicas *int32 `json:"minReplicas"`
		MaxReplicas int32  `json:"maxReplicas"`
		Metrics     []struct {
			Type     string `json:"type"`
			Resource struct {
				Name   string `json:"name"`
				Target struct {
					Type               string `json:"type"`
					AverageUtilization *int32 `json:"averageUtilization"`
				} `json:"target"`
			} `json:"resource"`
		} `json:"metrics"`
	} `json:"spec"`
}

type pdb struct {
	typeMeta
	Metadata objectMeta `json:"metadata"`
	Spec     struct {
		MaxUnavailable any           `json:"maxUnavailable"`
		MinAvailable   any           `json:"minAvailable"`
		Selector       labelSelector `json:"selector"`
	} `json:"spec"`
}

// manifests are the objects of the directory's YAML files.
type manifests struct {
	deployment *deployment
	service    *service
	hpa        *hpa
	pdb        *pdb
}

// load decodes every YAML file of the directory, one object each, into
// the type of its kind, strictly. A kind other than the four expected, a
// second object of a kind, or a file of several documents fails the test.
func load(t *testing.T) manifests {
	t.Helper()
	files, err := filepath.Glob("*.y*ml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no manifests: %v", err)
	}
	var m manifests
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(data, []byte("\n---")) {
			t.Fatalf("%s: one object per file, please", f)
		}
		var tm typeMeta
		if err := yaml.Unmarshal(data, &tm); err != nil {
			t.Fatalf("%s is not YAML: %v", f, err)
		}
		var obj any
		var want string // the API version of the kind
		switch tm.Kind {
		case "Deployment":
			m.deployment = &deployment{}
			obj, want = m.deployment, "apps/v1"
		case "Service":
			m.service = &service{}
			obj, want = m.service, "v1"
		case "HorizontalPodAutoscaler":
			m.hpa = &hpa{}
			obj, want = m.hpa, "autoscaling/v2"
		case "PodDisruptionBudget":
			m.pdb = &pdb{}
			obj, want = m.pdb, "policy/v1"
		default:
			t.Fatalf("%s: kind %q is not one this test knows", f, tm.Kind)
		}
		if tm.APIVersion != want {
			t.Errorf("%s: %s has apiVersion %q, want %q", f, tm.Kind, tm.APIVersion, want)
		}
		if err := yaml.UnmarshalStrict(data, obj); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
	}
	if m.deployment == nil || m.service == nil || m.hpa == nil || m.pdb == nil {
		t.Fatalf("want a Deployment, a Service, a HorizontalPodAutoscaler and a PodDisruptionBudget in %v", files)
	}
	return m
}

// dockerfile is what the test needs of the repository's Dockerfile: the
// final stage's EXPOSE, USER, ENV PORT and ENTRYPOINT.
type dockerfile struct {
	expose     int
	uid, gid   int64
	port       string // ENV PORT
	entrypoint string
}

func readDockerfile(t *testing.T) dockerfile {
	t.Helper()
	root := modroot.Dir()
	f, err := os.Open(filepath.Join(root, "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var d dockerfile
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		inst, arg, _ := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		arg = strings.TrimSpace(arg)
		switch inst {
		case "FROM":
			d = dockerfile{} // only the final stage runs
		case "EXPOSE":
			d.expose, err = strconv.Atoi(strings.TrimSuffix(arg, "/tcp"))
			if err != nil {
				t.Fatalf("Dockerfile: EXPOSE %s: %v", arg, err)
			}
		case "USER":
			u, g, _ := strings.Cut(arg, ":")
			d.uid, _ = strconv.ParseInt(u, 10, 64)
			d.gid, _ = strconv.ParseInt(g, 10, 64)
		case "ENV":
			for _, kv := range strings.Fields(arg) {
				if v, ok := strings.CutPrefix(kv, "PORT="); ok {
					d.port = v
				}
			}
		case "ENTRYPOINT":
			var ep []string
			if err := json.Unmarshal([]byte(arg), &ep); err != nil || len(ep) != 1 {
				t.Fatalf("Dockerfile: ENTRYPOINT %s is not one program in exec form", arg)
			}
			d.entrypoint = ep[0]
		}
	}
	if d.expose == 0 || d.uid == 0 || d.port == "" || d.entrypoint == "" {
		t.Fatalf("Dockerfile: want EXPOSE, a non-root USER uid:gid, ENV PORT and ENTRYPOINT in the final stage; got %+v", d)
	}
	return d
}

// env returns the value of the container's environment variable name.
func (c *container) env(name string) (string, bool) {
	for _, e := range c.Env {
		if e.Name == name {
			return e.Value, true
		}
	}
	return "", false
}

// port returns the container port a probe or Service names: by number,
// or by the name of one of the container's ports; 0 if there is none.
func (c *container) port(p any) int {
	switch p := p.(type) {
	case float64:
		return int(p)
	case string:
		for _, cp := range c.Ports {
			if cp.Name == p {
				return cp.ContainerPort
			}
		}
	}
	return 0
}

// deref returns *p, or nil for a field the manifest leaves out.
func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// selects reports whether a selector's labels all match labels.
func selects(selector, labels map[string]string) bool {
	if len(selector) == 0 {
		return false
	}
	for k, v := range selector {
		if labels[k] != v {
			return false
		}
	}
	return true
}

// quantity parses a Kubernetes quantity of the forms the manifests use:
// a decimal number, with m (thousandths) or a binary suffix (Ki, Mi, Gi).
// GOMEMLIMIT's suffixes (KiB, MiB, GiB) are taken too.
func quantity(t *testing.T, s string) float64 {
	t.Helper()
	mult := 1.0
	for _, u := range []struct {
		suffix string
		mult   float64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"Ki", 1 << 10}, {"Mi", 1 << 20}, {"Gi", 1 << 30}, {"m", 1e-3}} {
		if v, ok := strings.CutSuffix(s, u.suffix); ok {
			s, mult = v, u.mult
			break
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v <= 0 {
		t.Fatalf("quantity %q: not a positive number with a known suffix", s)
	}
	return v * mult
}

// serveShutdown is how long barkit serve waits for the requests in
// progress after SIGTERM (cmd/barkit: shutdownTimeout; README.md).
const serveShutdown = 20

func TestManifests(t *testing.T) {
	m := load(t)
	d := readDockerfile(t)
	dep := m.deployment
	pod := dep.Spec.Template.Spec
	podLabels := dep.Spec.Template.Metadata.Labels

	t.Run("deployment", func(t *testing.T) {
		if dep.Metadata.Name == "" {
			t.Error("the Deployment has no name")
		}
		if !selects(dep.Spec.Selector.MatchLabels, podLabels) {
			t.Errorf("the Deployment's selector %v does not select its pods' labels %v", dep.Spec.Selector.MatchLabels, podLabels)
		}
		if dep.Spec.Replicas != nil {
			t.Error("spec.replicas is set: applying the file again would undo the autoscaler's count")
		}
		if len(pod.Containers) != 1 {
			t.Fatalf("%d containers, want 1", len(pod.Containers))
		}
		if g := pod.TerminationGracePeriodSeconds; g == nil || *g <= serveShutdown+pod.Containers[0].Lifecycle.PreStop.Sleep.Seconds {
			t.Errorf("terminationGracePeriodSeconds %v: want more than the preStop sleep and serve's %d s shutdown", deref(g), serveShutdown)
		}
	})

	c := &pod.Containers[0]
	t.Run("image", func(t *testing.T) {
		if want := "barkit:" + barkit.Version; c.Image != want {
			t.Errorf("image %q, want %q (the version barkit reports)", c.Image, want)
		}
		if c.ImagePullPolicy != "IfNotPresent" {
			t.Errorf("imagePullPolicy %q: a locally built image needs IfNotPresent", c.ImagePullPolicy)
		}
		// The READMEs build the image under that name.
		for _, readme := range []string{filepath.Join(modroot.Dir(), "README.md"), "README.md"} {
			b, err := os.ReadFile(readme)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(b, []byte("docker build -t "+c.Image+" .")) {
				t.Errorf("%s does not build %s: want \"docker build -t %s .\"", readme, c.Image, c.Image)
			}
		}
		if len(c.Command) > 0 {
			t.Errorf("command %q replaces the image's entry point %s", c.Command, d.entrypoint)
		}
		if filepath.Base(d.entrypoint) != "barkit" || len(c.Args) == 0 || c.Args[0] != "serve" {
			t.Errorf("the container runs %s %q, want barkit serve", d.entrypoint, c.Args)
		}
	})

	t.Run("port", func(t *testing.T) {
		if len(c.Ports) != 1 || c.Ports[0].ContainerPort != d.expose || c.Ports[0].Name != "http" {
			t.Errorf("ports %+v: want one, named http, the Dockerfile's EXPOSE %d", c.Ports, d.expose)
		}
		if port, ok := c.env("PORT"); !ok || port != d.port || port != strconv.Itoa(d.expose) {
			t.Errorf("PORT %q: want the Dockerfile's %q, its EXPOSE %d", port, d.port, d.expose)
		}
		if host, ok := c.env("HOST"); ok && host != "0.0.0.0" && host != "::" {
			t.Errorf("HOST %q: the pod must listen on every interface", host)
		}
	})

	t.Run("user", func(t *testing.T) {
		sc := pod.SecurityContext
		if sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot || sc.RunAsUser == nil || *sc.RunAsUser != d.uid ||
			sc.RunAsGroup == nil || *sc.RunAsGroup != d.gid {
			t.Errorf("pod securityContext runAsNonRoot %v, runAsUser %v, runAsGroup %v: want true and the Dockerfile's USER %d:%d",
				deref(sc.RunAsNonRoot), deref(sc.RunAsUser), deref(sc.RunAsGroup), d.uid, d.gid)
		}
		csc := c.SecurityContext
		if csc.AllowPrivilegeEscalation == nil || *csc.AllowPrivilegeEscalation ||
			csc.ReadOnlyRootFilesystem == nil || !*csc.ReadOnlyRootFilesystem ||
			len(csc.Capabilities.Drop) != 1 || csc.Capabilities.Drop[0] != "ALL" {
			t.Errorf("container securityContext allowPrivilegeEscalation %v, readOnlyRootFilesystem %v, capabilities.drop %q: "+
				"want false, true and ALL", deref(csc.AllowPrivilegeEscalation), deref(csc.ReadOnlyRootFilesystem), csc.Capabilities.Drop)
		}
	})

	t.Run("resources", func(t *testing.T) {
		for _, r := range []string{"cpu", "memory"} {
			req, lim := c.Resources.Requests[r], c.Resources.Limits[r]
			if req == "" || lim == "" {
				t.Errorf("%s: want a request and a limit, got %q and %q", r, req, lim)
				continue
			}
			if quantity(t, req) > quantity(t, lim) {
				t.Errorf("%s: request %s over limit %s", r, req, lim)
			}
		}
		if lim := c.Resources.Limits["cpu"]; lim != "" && quantity(t, lim) != float64(int(quantity(t, lim))) {
			t.Errorf("cpu limit %s: want whole CPUs, which GOMAXPROCS becomes", lim)
		}
		gml, ok := c.env("GOMEMLIMIT")
		if !ok {
			t.Fatal("no GOMEMLIMIT")
		}
		if lim := c.Resources.Limits["memory"]; lim != "" && quantity(t, gml) >= quantity(t, lim) {
			t.Errorf("GOMEMLIMIT %s is not under the memory limit %s", gml, lim)
		}
	})

	// The probes and the metrics annotation name routes the handler serves.
	t.Run("routes", func(t *testing.T) {
		h := httpd.NewHandler(httpd.Options{})
		for _, p := range []struct {
			name  string
			probe *probe
		}{{"readinessProbe", c.ReadinessProbe}, {"livenessProbe", c.LivenessProbe}} {
			if p.probe == nil || p.probe.HTTPGet == nil {
				t.Errorf("%s: want an httpGet probe", p.name)
				continue
			}
			if port := c.port(p.probe.HTTPGet.Port); port != d.expose {
				t.Errorf("%s: port %v is not the container's %d", p.name, p.probe.HTTPGet.Port, d.expose)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, httptest.NewRequest("GET", p.probe.HTTPGet.Path, nil))
			if w.Code != 200 || !strings.Contains(w.Body.String(), `"ok":true`) {
				t.Errorf("%s: GET %s answers %d %s, want the Health object", p.name, p.probe.HTTPGet.Path, w.Code, w.Body)
			}
		}
		ann := dep.Spec.Template.Metadata.Annotations
		if ann["prometheus.io/port"] != strconv.Itoa(d.expose) {
			t.Errorf("prometheus.io/port %q, want %d", ann["prometheus.io/port"], d.expose)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", ann["prometheus.io/path"], nil))
		if w.Code != 200 || !strings.Contains(w.Body.String(), "barkit_http_requests_total") {
			t.Errorf("prometheus.io/path %q answers %d, want the metrics", ann["prometheus.io/path"], w.Code)
		}
	})

	t.Run("service", func(t *testing.T) {
		s := m.service
		if !selects(s.Spec.Selector, podLabels) {
			t.Errorf("the Service's selector %v does not select the pods' labels %v", s.Spec.Selector, podLabels)
		}
		if len(s.Spec.Ports) != 1 || c.port(s.Spec.Ports[0].TargetPort) != d.expose {
			t.Errorf("Service ports %+v: want one, to the container's port %d", s.Spec.Ports, d.expose)
		}
	})

	t.Run("autoscaler", func(t *testing.T) {
		ref := m.hpa.Spec.ScaleTargetRef
		if ref.APIVersion != dep.APIVersion || ref.Kind != dep.Kind || ref.Name != dep.Metadata.Name {
			t.Errorf("the autoscaler targets %+v, not the Deployment %s", ref, dep.Metadata.Name)
		}
		if min := m.hpa.Spec.MinReplicas; min == nil || *min < 2 || *min > m.hpa.Spec.MaxReplicas {
			t.Errorf("replicas from %v to %d: want at least 2, and no more than the most", deref(min), m.hpa.Spec.MaxReplicas)
		}
		cpu := false
		for _, mt := range m.hpa.Spec.Metrics {
			u := mt.Resource.Target.AverageUtilization
			cpu = cpu || mt.Type == "Resource" && mt.Resource.Name == "cpu" &&
				mt.Resource.Target.Type == "Utilization" && u != nil && *u > 0 && *u <= 100
		}
		if !cpu {
			t.Errorf("the autoscaler has no CPU utilization target: %+v", m.hpa.Spec.Metrics)
		}
		if c.Resources.Requests["cpu"] == "" {
			t.Error("CPU utilization is measured against the CPU request, which is missing")
		}
	})

	t.Run("disruption budget", func(t *testing.T) {
		if !selects(m.pdb.Spec.Selector.MatchLabels, podLabels) {
			t.Errorf("the PodDisruptionBudget's selector %v does not select the pods' labels %v", m.pdb.Spec.Selector.MatchLabels, podLabels)
		}
		if (m.pdb.Spec.MaxUnavailable == nil) == (m.pdb.Spec.MinAvailable == nil) {
			t.Error("want one of maxUnavailable and minAvailable")
		}
	})
}

// TestManifestContainerRuns runs the built barkit as the Deployment runs
// it, with the container's arguments and environment (on a free port of
// the loopback interface rather than 8080): it must start, answer the
// probes' paths and the metrics, and exit 0 on SIGTERM.
func TestManifestContainerRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds barkit; skipped in -short mode")
	}
	if runtime.GOOS == "windows" {
		t.Skip("needs SIGTERM")
	}
	c := load(t).deployment.Spec.Template.Spec.Containers[0]
	bin := filepath.Join(t.TempDir(), "barkit")
	build := exec.Command("go", "build", "-o", bin, "./cmd/barkit")
	build.Dir = modroot.Dir()
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, c.Args...)
	cmd.Env = os.Environ()
	for _, e := range c.Env {
		cmd.Env = append(cmd.Env, e.Name+"="+e.Value)
	}
	cmd.Env = append(cmd.Env, "PORT=0", "HOST=127.0.0.1")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := bufio.NewScanner(stdout)
	if !lines.Scan() {
		cmd.Wait()
		t.Fatalf("barkit %q did not start: %s", c.Args, stderr.String())
	}
	base := strings.TrimPrefix(lines.Text(), "barkit listening on ")
	go io.Copy(io.Discard, stdout)

	client := &http.Client{Timeout: 30 * time.Second}
	for _, path := range []string{c.ReadinessProbe.HTTPGet.Path, c.LivenessProbe.HTTPGet.Path, "/metrics"} {
		resp, err := client.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("GET %s: %s", path, resp.Status)
		}
	}
	client.CloseIdleConnections()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("after SIGTERM: %v\n%s", err, stderr.String())
		}
	case <-time.After(60 * time.Second): // only turns a hang into a failure
		t.Fatal("barkit did not stop after SIGTERM")
	}
	// With --log json, every line of the log is a JSON object.
	if i := slices.Index(c.Args, "--log"); i >= 0 && i+1 < len(c.Args) && c.Args[i+1] == "json" {
		for _, line := range strings.Split(strings.TrimSpace(stderr.String()), "\n") {
			if !json.Valid([]byte(line)) {
				t.Errorf("log line %q is not JSON", line)
			}
		}
	}
}

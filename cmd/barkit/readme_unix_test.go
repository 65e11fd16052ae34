//go:build unix

package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/internal/modroot"
	"github.com/barkit/barkit/render"
)

// readmeMarker, on the line before a code block of README.md, has
// TestREADMECommands run the block's commands.
const readmeMarker = "<!-- run by TestREADMECommands -->"

// A readmeCommand is one command of a marked block: a line, or lines
// joined by a trailing backslash.
type readmeCommand struct {
	line int    // README.md's line number, from 1
	text string // as written
}

// readmeCommands returns the commands of README's marked code blocks,
// indented or fenced, in order. It fails the test if a marker is not
// followed by a code block, or no block is marked.
func readmeCommands(t *testing.T, readme []byte) [][]readmeCommand {
	t.Helper()
	lines := strings.Split(string(readme), "\n")
	var blocks [][]readmeCommand
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != readmeMarker {
			continue
		}
		j := i + 1
		for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
			j++
		}
		var code []int // line indexes of the block's code
		switch {
		case j < len(lines) && strings.HasPrefix(lines[j], "```"):
			for j++; j < len(lines) && !strings.HasPrefix(lines[j], "```"); j++ {
				code = append(code, j)
			}
		case j < len(lines) && (strings.HasPrefix(lines[j], "    ") || strings.HasPrefix(lines[j], "\t")):
			for ; j < len(lines) && (strings.TrimSpace(lines[j]) == "" || strings.HasPrefix(lines[j], "    ") || strings.HasPrefix(lines[j], "\t")); j++ {
				code = append(code, j)
			}
		default:
			t.Fatalf("README.md:%d: %s is not followed by a code block", i+1, readmeMarker)
		}
		var block []readmeCommand
		var cur *readmeCommand
		for _, k := range code {
			l := strings.TrimSpace(lines[k])
			if cur == nil {
				if l == "" || strings.HasPrefix(l, "#") {
					continue
				}
				block = append(block, readmeCommand{line: k + 1})
				cur = &block[len(block)-1]
			}
			if s, ok := strings.CutSuffix(l, `\`); ok {
				cur.text += s + " "
				continue
			}
			cur.text += l
			cur = nil
		}
		if len(block) == 0 {
			t.Fatalf("README.md:%d: the marked block holds no command", i+1)
		}
		blocks = append(blocks, block)
		i = j
	}
	if len(blocks) == 0 {
		t.Fatalf("README.md marks no block with %s", readmeMarker)
	}
	return blocks
}

// stripComment returns a shell line without its comment: from a # at the
// start of a word outside quotes.
func stripComment(line string) string {
	var quote rune
	for i, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			return strings.TrimSpace(line[:i])
		}
	}
	return strings.TrimSpace(line)
}

// TestREADMECommands runs README.md's commands as a new user would, in a
// copy of the checkout (the files git would clone, uncommitted changes
// included): the blocks marked with readmeMarker, in order, each command
// in its own "sh -c" with the copy as working directory, each expected to
// exit 0.
//
// Where a command cannot run as written here, the test says why:
//   - docker and kubectl are skipped: there is no Docker engine or cluster
//     to run them against (deploy/kubernetes's tests check the manifests);
//   - curl is skipped when it is not installed.
//
// What it adds to the commands as written:
//   - GOBIN is a folder of the test's, first in PATH, so that "go install"
//     installs there and "barkit" is what it installed;
//   - the files the command-line examples read as the user's own
//     (photo.jpg, photo1.jpg, photo2.webp, key.bin, photos/) are made
//     first: QR Code photos, random bytes;
//   - a command ending in & runs in the background like a shell's job;
//     the test waits for the "barkit listening" line before the next
//     command, as a person at a terminal would; "kill $!" sends it
//     SIGTERM, and it must exit 0, with no request of its log answered
//     4xx or 5xx (curl exits 0 whatever the status);
//   - the service listens on a free port of the loopback interface
//     (PORT, HOST), and localhost:8080 in the commands becomes that port,
//     so that the test neither needs 8080 nor meets another server there.
func TestREADMECommands(t *testing.T) {
	if testing.Short() {
		t.Skip("builds barkit twice; skipped in -short mode")
	}
	root := modroot.Dir()
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := readmeCommands(t, readme)
	clone := copyCheckout(t, root)
	makeUserFiles(t, clone)

	gobin := t.TempDir()
	port := strconv.Itoa(freePort(t))
	env := append(os.Environ(),
		"GOBIN="+gobin,
		"PATH="+gobin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"PORT="+port,
		"HOST=127.0.0.1",
	)
	_, curlErr := exec.LookPath("curl")

	var job *readmeJob // the background job, if one runs
	defer func() {
		if job != nil {
			job.cmd.Process.Kill()
			job.cmd.Wait()
			t.Errorf("README.md:%d: %q still runs after the last command", job.line, job.text)
		}
	}()
	for _, block := range blocks {
		for _, c := range block {
			name := fmt.Sprintf("README.md:%d", c.line)
			line := strings.ReplaceAll(c.text, "localhost:8080", "localhost:"+port)
			cmd := stripComment(line)
			first, _, _ := strings.Cut(cmd, " ")
			switch {
			case first == "docker":
				t.Logf("%s: skipped, needs a Docker engine: %s", name, c.text)
				continue
			case first == "kubectl":
				t.Logf("%s: skipped, needs a Kubernetes cluster: %s", name, c.text)
				continue
			case first == "curl" && curlErr != nil:
				t.Logf("%s: skipped, curl is not installed: %s", name, c.text)
				continue
			case cmd == "kill $!" || cmd == "kill -TERM $!" || cmd == "kill -s TERM $!":
				if job == nil {
					t.Fatalf("%s: %q with no job running", name, c.text)
				}
				job.stop(t)
				job = nil
				continue
			case strings.HasSuffix(cmd, "&"):
				if job != nil {
					t.Fatalf("%s: a second background job", name)
				}
				job = startJob(t, clone, env, c, strings.TrimSuffix(cmd, "&"))
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // only turns a hang into a failure
			run := exec.CommandContext(ctx, "sh", "-c", line)
			run.Dir, run.Env = clone, env
			out, err := run.CombinedOutput()
			cancel()
			if err != nil {
				t.Errorf("%s: %s\n%v\n%s", name, c.text, err, out)
				continue
			}
			t.Logf("%s: ok: %s", name, c.text)
		}
	}
}

// A readmeJob is a command of README.md running in the background.
type readmeJob struct {
	readmeCommand
	cmd    *exec.Cmd
	output *bytes.Buffer // standard error, and output after the first line
}

// startJob starts cmd in the background, as a shell's job, and waits for
// its first line of output: the server's announcement.
func startJob(t *testing.T, dir string, env []string, c readmeCommand, cmd string) *readmeJob {
	t.Helper()
	// exec: the signal goes to the program itself, not to a shell.
	j := &readmeJob{readmeCommand: c, cmd: exec.Command("sh", "-c", "exec "+cmd), output: new(bytes.Buffer)}
	j.cmd.Dir, j.cmd.Env = dir, env
	j.cmd.Stderr = j.output
	stdout, err := j.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := j.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stdout)
	if !lines.Scan() || !strings.HasPrefix(lines.Text(), "barkit listening on ") {
		j.cmd.Process.Kill()
		j.cmd.Wait()
		t.Fatalf("README.md:%d: %q did not announce its address: %q\n%s", c.line, c.text, lines.Text(), j.output)
	}
	go io.Copy(io.Discard, stdout)
	t.Logf("README.md:%d: ok, running: %s", c.line, c.text)
	return j
}

// stop sends the job SIGTERM and fails the test unless it exits 0.
func (j *readmeJob) stop(t *testing.T) {
	t.Helper()
	if err := j.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- j.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("README.md:%d: %q after SIGTERM: %v\n%s", j.line, j.text, err, j.output)
		} else {
			t.Logf("README.md:%d: stopped by SIGTERM, exit 0", j.line)
		}
		// curl exits 0 whatever the status: the server's request log
		// tells whether the commands sent to it succeeded.
		for _, l := range strings.Split(j.output.String(), "\n") {
			if strings.Contains(l, " status=4") || strings.Contains(l, " status=5") {
				t.Errorf("README.md:%d: a request to the server failed: %s", j.line, l)
			}
		}
	case <-time.After(time.Minute): // only turns a hang into a failure
		j.cmd.Process.Kill()
		t.Fatalf("README.md:%d: %q did not stop after SIGTERM", j.line, j.text)
	}
}

// copyCheckout copies the files of the checkout at root that a clone
// would have, tracked and new files not ignored by .gitignore, with their
// working-tree content, to a temporary folder.
func copyCheckout(t *testing.T, root string) string {
	t.Helper()
	ls := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	ls.Dir = root
	out, err := ls.Output()
	if err != nil {
		t.Skipf("not a git checkout, or no git: %v", err)
	}
	dst := t.TempDir()
	for _, name := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		src := filepath.Join(root, name)
		info, err := os.Lstat(src)
		if err != nil || !info.Mode().IsRegular() {
			continue // deleted in the working tree, or not a file
		}
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		to := filepath.Join(dst, name)
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, data, info.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(filepath.Join(dst, "go.mod")); err != nil {
		t.Fatalf("the copy of the checkout has no go.mod: %v", err)
	}
	return dst
}

// makeUserFiles writes the files README's command-line examples read as
// the user's own: photos of QR Codes (JPEG; the WebP one is a corpus
// photo when ../shared is there, else a PNG under that name, since barkit
// recognises images by their content), a folder of them, and bytes.
func makeUserFiles(t *testing.T, dir string) {
	t.Helper()
	photo := func(data string) []byte {
		sym, err := barkit.Generate(data, barkit.GenerateOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := render.PNG(&buf, sym, render.Options{Scale: 6}); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		buf.Reset()
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	webp, err := os.ReadFile(filepath.Join(modroot.Beside("shared"), "corpus", "zxing-cpp", "qrcode-2", "6.webp"))
	if err != nil {
		webp = qrPNG(t, "https://example.com/webp")
	}
	key := make([]byte, 32)
	for i := range key {
		key[i] = byte(i*37 + 11)
	}
	for name, data := range map[string][]byte{
		"photo.jpg":          photo("https://example.com/photo"),
		"photo1.jpg":         photo("https://example.com/photo1"),
		"photo2.webp":        webp,
		"photos/label.jpg":   photo("(01)09506000134352"),
		"photos/ticket.webp": webp,
		"key.bin":            key,
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

package kernelspec_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/grundylab/grundy/pkg/report/jupyter/kernelspec"
)

// This example finds a kernel in a kernels folder of its own, as Jupyter
// would find it on JUPYTER_PATH, and shows how it would start: the
// connection file's placeholder stays for package kernel, and the
// environment's ${PATH} is expanded when it starts.
func ExampleFindIn() {
	data, err := os.MkdirTemp("", "jupyter-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(data)
	spec := &kernelspec.Spec{
		Name:        "calc",
		Argv:        []string{"calc-kernel", "--resources", "{resource_dir}", "-f", "{connection_file}"},
		DisplayName: "Calculator",
		Language:    "calc",
		Env:         map[string]string{"PATH": "/opt/calc/bin:${PATH}"},
	}
	if _, err := kernelspec.Install(data, spec); err != nil {
		log.Fatal(err)
	}
	dirs := []string{filepath.Join(data, "kernels")}
	found, err := kernelspec.FindIn(dirs, "Calc")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(found.Name, found.Language, found.DisplayName)
	fmt.Println(found.Command()[2] == found.ResourceDir, found.Command()[4])
	_, err = kernelspec.FindIn(dirs, "python3")
	fmt.Println(err != nil)
	// Output:
	// calc calc Calculator
	// true {connection_file}
	// true
}

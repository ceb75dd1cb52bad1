// Package kernelspec finds the Jupyter kernels installed on a machine as
// Jupyter itself finds them, and starts them with package kernel.
//
// The main calls are
//
//	spec, err := kernelspec.Find("python3")
//	...
//	k, err := spec.Start(ctx, notebookDir, nil)
//	...
//	defer k.Close()
//
// A kernel spec is a folder holding kernel.json (the command line, with
// "{connection_file}" where the connection file's path goes, the language,
// an environment and the interrupt mode). Find looks for the folder named
// after the kernel, in any case, in the folders Dirs returns, in Jupyter's
// order (jupyter_core's jupyter_path("kernels"), which `jupyter kernelspec
// list` shows): each folder of JUPYTER_PATH, the user's data folder
// (JUPYTER_DATA_DIR, else ~/.local/share/jupyter on Linux, ~/Library/Jupyter
// on macOS, %APPDATA%\jupyter on Windows), the Python user base's, the
// active virtual or conda environment's (before the user's when
// JUPYTER_PREFER_ENV_PATH is set), the system's (/usr/local/share/jupyter
// and /usr/share/jupyter, or %PROGRAMDATA%\jupyter), then IPython's. The
// first folder that has the kernel wins.
//
// Start runs the kernel as Jupyter's client does: "{connection_file}" and
// "{resource_dir}" in the command line are replaced, the spec's environment
// is added to the current one after "$NAME" and "${NAME}" in its values are
// replaced from the current one, and the interrupt mode is the spec's. A
// *Spec is the Kernel of package execute for notebooks that are not Go:
// ID names the spec, its kernel.json and the program it runs, for the
// execution cache.
//
// Install writes a kernel spec into the user's data folder, where Jupyter
// finds it; render -install-kernel uses it for GoNB.
package kernelspec

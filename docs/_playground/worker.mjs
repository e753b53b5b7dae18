// The playground's Python, in a Web Worker so that the page stays responsive
// while a simulation runs. Started with {start: {...}} (the URLs of the
// runtime, the wheels and the page's module, all served with the page), it
// loads Pyodide, installs the wheels, imports ono99_playground and answers
// ready; then each {id, request} (JSON) with {id, answer} (JSON), sending
// {id, progress: [done, games]} along the way of a simulation.

let handle = null;

async function start({ runtime, wheels, module }) {
  const { loadPyodide } = await import(runtime + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: runtime });
  const buffers = await Promise.all(
    wheels.map(async (url) => {
      const response = await fetch(url);
      if (!response.ok) {
        throw new Error(`${url}: ${response.status} ${response.statusText}`);
      }
      return response.arrayBuffer();
    }),
  );
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  for (const buffer of buffers) {
    pyodide.unpackArchive(buffer, "wheel", { extractDir: sitePackages });
  }
  const response = await fetch(module);
  if (!response.ok) {
    throw new Error(`${module}: ${response.status} ${response.statusText}`);
  }
  pyodide.FS.mkdirTree("/home/pyodide/page");
  pyodide.FS.writeFile("/home/pyodide/page/ono99_playground.py", await response.text());
  // The edited file is written in a folder of its own, the working folder, so
  // that messages name it "variant.toml" as the command line would.
  pyodide.FS.mkdirTree("/home/pyodide/files");
  const about = pyodide.runPython(`
import os, sys
sys.path.insert(0, "/home/pyodide/page")
os.chdir("/home/pyodide/files")
import ono99, ono99_playground
f"Python {sys.version.split()[0]}, ono99 {ono99.__version__}"
`);
  const page = pyodide.runPython("ono99_playground.Playground()");
  handle = (request, progress) => page.handle(request, progress);
  return about;
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.start) {
    try {
      postMessage({ ready: await start(message.start) });
    } catch (error) {
      postMessage({ failed: String(error && error.message ? error.message : error) });
    }
    return;
  }
  const { id, request } = message;
  try {
    const progress = (done, games) => postMessage({ id, progress: [done, games] });
    postMessage({ id, answer: handle(request, progress) });
  } catch (error) {
    postMessage({ id, failed: String(error && error.message ? error.message : error) });
  }
};

// Node module hooks for the commands run with tsx (server, CLIs, benchmarks): blocks import their
// CSS (bundled by Remix for the browser); on the server a CSS Module is just its class names.
export async function load(url, context, nextLoad) {
  if (/\.css(\?.*)?$/.test(url)) {
    return {
      format: "module",
      shortCircuit: true,
      source: "export default new Proxy({}, { get: (_, name) => (typeof name === 'string' ? name : undefined) });",
    };
  }
  return nextLoad(url, context);
}

// Modules wrangler bundles by type (wrangler.toml's rules): WebAssembly compiled ahead of time, and
// font files as bytes. The link cards use both (worker/domain/cards/render.ts).
declare module '*.wasm' {
  const module: WebAssembly.Module
  export default module
}
declare module '*.woff' {
  const data: ArrayBuffer
  export default data
}

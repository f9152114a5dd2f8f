// `npm run build`: the package's WebAssembly from the Rust crate in
// `crate/` (a workspace of its own), through cargo and npm only:
//
// 1. `rustup target add wasm32-unknown-unknown` (when rustup is there);
// 2. `cargo build --release --target wasm32-unknown-unknown` of `crate/`,
//    then `wasm-opt -Oz` (npm's `binaryen`, installed by `npm ci` when
//    missing) into `dist/rfc1738.wasm`, beside the glue and its types
//    copied from `src/`;
// 3. the same with the crate's feature `explorer` into `explorer/` (the
//    module of the static page `rfc1738 explore --export DIR --wasm
//    npm/explorer` writes); `--package-only` skips it.
//
// Sizes (raw, gzip, brotli) are printed at the end.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const here = dirname(fileURLToPath(import.meta.url));
const crate = join(here, "crate");
const target = "wasm32-unknown-unknown";
const packageOnly = process.argv.includes("--package-only");

function run(command, args, options = {}) {
  console.log("$ " + [command, ...args].join(" "));
  execFileSync(command, args, { stdio: "inherit", cwd: here, ...options });
}

function has(command) {
  try {
    execFileSync(command, ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

if (!has("cargo")) {
  console.error("error: cargo is needed (https://rustup.rs)");
  process.exit(1);
}
if (has("rustup")) run("rustup", ["target", "add", target]);

const require = createRequire(import.meta.url);
function wasmOpt() {
  try {
    require.resolve("binaryen/package.json");
  } catch {
    run("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"]);
  }
  return join(dirname(require.resolve("binaryen/package.json")), "bin", "wasm-opt");
}
const optimizer = wasmOpt();

function build(features, out) {
  const args = ["build", "--release", "--target", target, "--manifest-path", join(crate, "Cargo.toml")];
  if (features) args.push("--features", features);
  run("cargo", args);
  const built = join(crate, "target", target, "release", "rfc1738_wasm.wasm");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  // The features rustc enables by default for wasm32-unknown-unknown (all
  // in Node 18 and the browsers of 2022 on). The module's memory is its
  // own, zeroed when it starts, and rustc puts the stack and the data from
  // 1 MiB up, so that the first 1 KiB is never read: binaryen may drop the
  // zeros of the data and fold low addresses into offsets (1.2 KB less of
  // gzip, measured on the package's module).
  run(optimizer, [built, "--zero-filled-memory", "--low-memory-unused", "-Oz",
    "--strip-debug", "--strip-producers",
    "--enable-bulk-memory", "--enable-bulk-memory-opt", "--enable-sign-ext", "--enable-mutable-globals",
    "--enable-nontrapping-float-to-int", "--enable-multivalue", "--enable-reference-types",
    "-o", join(out, "rfc1738.wasm")]);
  copyFileSync(join(here, "src", "rfc1738.js"), join(out, "rfc1738.js"));
  copyFileSync(join(here, "src", "rfc1738.d.ts"), join(out, "rfc1738.d.ts"));
}

function sizes(file) {
  const bytes = readFileSync(file);
  const gzip = gzipSync(bytes, { level: 9 }).length;
  const brotli = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  }).length;
  const kb = (n) => (n / 1024).toFixed(1) + " KiB";
  return `${kb(statSync(file).size)} raw, ${kb(gzip)} gzip -9, ${kb(brotli)} brotli -q 11`;
}

const dist = join(here, "dist");
build(null, dist);
for (const file of ["markdownlint.js", "markdownlint.d.ts"]) {
  copyFileSync(join(here, "src", file), join(dist, file));
}
console.log("dist/rfc1738.wasm: " + sizes(join(dist, "rfc1738.wasm")));
if (!packageOnly) {
  const explorer = join(here, "explorer");
  build("explorer", explorer);
  console.log("explorer/rfc1738.wasm: " + sizes(join(explorer, "rfc1738.wasm")));
}
if (!existsSync(join(dist, "rfc1738.wasm"))) process.exit(1);

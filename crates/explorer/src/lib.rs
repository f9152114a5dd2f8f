//! See the grammar: railroad diagrams of every production of RFC 1738 and
//! its drafts ([`diagram`], checked into `grammar/diagrams/`), and
//! `rfc1738 explore`, a page served on loopback ([`server`]) that shows for
//! each URL the verdict of each revision, its derivation as boxes over its
//! characters or where it fails, what it means and the linter's findings
//! ([`explain`]); `--export` writes the diagrams, a page per revision and
//! the explorer as a static page on the library's WebAssembly build
//! ([`export`]).

#![deny(missing_docs)]

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

pub mod diagram;
pub mod explain;
pub mod export;
pub mod path;
pub mod server;

/// The arguments of `rfc1738 explore`.
#[derive(Args)]
pub struct ExploreArgs {
    /// The port to serve on, on 127.0.0.1 (0: any free port; the address
    /// is printed).
    #[arg(long, default_value_t = 1738)]
    port: u16,
    /// Write the diagrams, a page per revision (every production with its
    /// BNF and diagram) and the explorer as a static page (index.html, on
    /// the WebAssembly module of --wasm) under DIR, and serve nothing.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["port", "write_diagrams"])]
    export: Option<PathBuf>,
    /// With --export: the folder of the explorer's WebAssembly build
    /// (rfc1738.js and rfc1738.wasm; `npm run build` in npm/ writes them to
    /// npm/explorer, the default when found from the working directory up).
    #[arg(long, value_name = "DIR", requires = "export")]
    wasm: Option<PathBuf>,
    /// Write every production's diagram as DIR/<revision>/<production>.svg
    /// (the repository's are in grammar/diagrams), and serve nothing.
    #[arg(long, value_name = "DIR", conflicts_with = "port")]
    write_diagrams: Option<PathBuf>,
}

/// Runs `rfc1738 explore`: serves the page until stopped, or writes the
/// export or the diagrams.
pub fn run(args: &ExploreArgs, out: &mut impl Write) -> ExitCode {
    if let Some(dir) = &args.export {
        let exported = export::find_module(args.wasm.as_deref())
            .and_then(|module| export::export(dir, module.as_deref()));
        return finish(exported, out, |exported| {
            let page = match &exported.module {
                Some(module) => format!("the explorer on the module of {}", module.display()),
                None => {
                    eprintln!(
                        "warning: no WebAssembly module found for the static explorer \
                         (index.html): run `npm run build` in npm/, then export again \
                         (or pass --wasm DIR)"
                    );
                    "the explorer without its module".to_owned()
                }
            };
            format!(
                "wrote {} diagrams, a page per revision and {page} under {}",
                exported.diagrams,
                dir.display()
            )
        });
    }
    if let Some(dir) = &args.write_diagrams {
        return finish(diagram::write_all(dir), out, |count| {
            format!("wrote {count} diagrams under {}", dir.display())
        });
    }
    let listener = match server::bind(args.port) {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!(
                "error: cannot serve on 127.0.0.1:{}: {error} (--port 0 takes any free port)",
                args.port
            );
            return ExitCode::from(2);
        }
    };
    let address = match listener.local_addr() {
        Ok(address) => address,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    let _ = writeln!(out, "rfc1738 explore: http://{address}/ (Ctrl-C stops it)");
    let _ = out.flush();
    match server::serve(listener) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(1)
        }
    }
}

fn finish<T>(
    result: Result<T, String>,
    out: &mut impl Write,
    message: impl FnOnce(T) -> String,
) -> ExitCode {
    match result {
        Ok(value) => {
            let _ = writeln!(out, "{}", message(value));
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}

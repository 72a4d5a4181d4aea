// Runs a MicroPython program on the 32-bit build (MicroPython's own WebAssembly port, from the
// npm registry) with the heap a board has, and reports the heap it took in the chip's bytes.
//
//   node tools/bench/micropython32.mjs --heap 112000 --tree build/board=/b/board \
//        --save /b/evening/data=build/evening/data --cwd /b/board --path lib:../harness \
//        -m evening_rig ARGS...
//
// That build collects garbage only between calls from JavaScript (while Python runs, the
// roots held in WebAssembly's own stack are out of the collector's sight), and grows its heap
// instead. So the program is run one step at a time: a module with a `steps(argv)` generator
// has each step run as its own call, with a collection between steps. Two figures follow:
// the live set as each step starts (exact: nothing but what the program keeps is left), and
// what is in use as a step ends (the live set and all the step allocated, none of it freed:
// at least what the board needs within that step, which may collect inside it).
//
// Prints, on stderr, one line: "heap32 start S live L peak P areas A grew G" -- the heap's
// usable bytes at the start, the most in use as a step started, the most in use as a step
// ended, the most the heap's areas ever added up to, and how many times it grew (from a
// start of 56 KB it grows by as much again, as a classic ESP32's does).
import fs from "fs";
import path from "path";
import { pathToFileURL } from "url";

function parse(argv) {
    const options = {
        trees: [], saves: [], heap: 112000, build: ".venv/mp32", cwd: "/", path: [],
    };
    let i = 0;
    while (i < argv.length) {
        const flag = argv[i];
        if (flag === "-m") {
            options.module = argv[i + 1];
            options.args = argv.slice(i + 2);
            return options;
        }
        const value = argv[i + 1];
        if (flag === "--heap") options.heap = parseInt(value, 10);
        else if (flag === "--tree") options.trees.push(value.split("="));
        else if (flag === "--save") options.saves.push(value.split("="));
        else if (flag === "--cwd") options.cwd = value;
        else if (flag === "--path") options.path = value.split(":");
        else if (flag === "--build") options.build = value;
        else throw new Error("unknown option " + flag);
        i += 2;
    }
    throw new Error("-m MODULE is missing");
}

function makeDirs(FS, where) {
    let sofar = "";
    for (const part of where.split("/").filter(Boolean)) {
        sofar += "/" + part;
        if (!FS.analyzePath(sofar).exists) FS.mkdir(sofar);
    }
}

function copyIn(FS, host, inside) {
    makeDirs(FS, inside);
    for (const entry of fs.readdirSync(host, { withFileTypes: true })) {
        const from = path.join(host, entry.name);
        const to = inside + "/" + entry.name;
        if (entry.isDirectory()) copyIn(FS, from, to);
        else FS.writeFile(to, fs.readFileSync(from));
    }
}

function copyOut(FS, inside, host) {
    fs.rmSync(host, { recursive: true, force: true });
    fs.mkdirSync(host, { recursive: true });
    if (!FS.analyzePath(inside).exists) return;
    for (const name of FS.readdir(inside)) {
        if (name === "." || name === "..") continue;
        const from = inside + "/" + name;
        const to = path.join(host, name);
        if (FS.isDir(FS.stat(from).mode)) copyOut(FS, from, to);
        else fs.writeFileSync(to, FS.readFile(from));
    }
}

const options = parse(process.argv.slice(2));
const built = path.resolve(
    options.build,
    "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs",
);
const { loadMicroPython } = await import(pathToFileURL(built));
let pending = "";
const out = (data) => {
    pending += typeof data === "string" ? data : new TextDecoder().decode(data);
    const cut = pending.lastIndexOf("\n");
    if (cut >= 0) {
        process.stdout.write(pending.slice(0, cut + 1));
        pending = pending.slice(cut + 1);
    }
};
const mp = await loadMicroPython({ heapsize: options.heap, stdout: out, linebuffer: false });
for (const [host, inside] of options.trees) copyIn(mp.FS, host, inside);
makeDirs(mp.FS, options.cwd);
// A saved folder is the board's flash: read in as the last run left it, written back after.
for (const [inside, host] of options.saves) {
    if (fs.existsSync(host)) copyIn(mp.FS, host, inside);
    else makeDirs(mp.FS, inside);
}

// The heap's bytes: gc.mem_free() counts the areas the heap could still add (a fixed
// 128 MiB in this build), taken off here. `live`: the most in use as a step starts, just
// after a collection with no Python frame below it, so exact; `peak`: the most in use as a
// step ends, its garbage not yet collected.
mp.runPython(`
import gc, os, sys
os.chdir(${JSON.stringify(options.cwd)})
sys.path[:] = [''] + ${JSON.stringify(options.path)} + ['.frozen']
sys.argv[:] = [${JSON.stringify(options.module)}] + ${JSON.stringify(options.args)}
_trace = ${process.env.HEAP32_TRACE ? "True" : "False"}
_heap = [0, 0, 0, 0, 0]  # start, live, peak, most in areas, growths

def _account(at):
    used = gc.mem_alloc()
    if _trace:
        print(at, used)
    areas = used + gc.mem_free() - (128 << 20)
    if used > _heap[at]:
        _heap[at] = used
    if areas > _heap[3]:
        if _heap[3]:
            _heap[4] += 1
        _heap[3] = areas

def _collect():
    gc.collect()  # asked for in a call from JavaScript, it runs as the call returns

def _start(module):
    global _steps
    _heap[0] = gc.mem_alloc() + gc.mem_free() - (128 << 20)
    _account(2)
    program = __import__(module)
    _account(2)
    _steps = getattr(program, 'steps', None)
    _steps = _steps(sys.argv) if _steps else None
    return _steps is not None

def _step():
    _account(1)
    try:
        next(_steps)
    except StopIteration:
        return False
    finally:
        _account(2)
    return True
`);
let status = 0;
try {
    const collect = mp.globals.get("_collect");
    const step = mp.globals.get("_step");
    collect();
    let going = mp.globals.get("_start")(options.module);
    // One call per step; the build collects between calls.
    while (going) {
        collect();
        going = step();
    }
} catch (error) {
    process.stderr.write(String(error.message || error) + "\n");
    status = 1;
}
if (pending) process.stdout.write(pending + "\n");
mp.runPython("_figures = ' '.join(str(figure) for figure in _heap)");
const [start, live, peak, areas, grew] = mp.globals.get("_figures").split(" ");
for (const [inside, host] of options.saves) copyOut(mp.FS, inside, host);
process.stderr.write(`heap32 start ${start} live ${live} peak ${peak} areas ${areas} grew ${grew}\n`);
process.exit(status);

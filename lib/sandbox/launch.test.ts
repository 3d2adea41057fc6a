import { describe, expect, it } from "vitest";
import { launchCommand, readShebang } from "./launch";
import { bytes, describeSandbox, withWorkspace } from "./test-kit";

const file = (path: string, text: string, executable = false) => ({ path, bytes: bytes(text), executable });

describe("launchCommand", () => {
  it("runs an executable with a #! line, or a binary, as itself", () => {
    expect(launchCommand(file("scripts/x.py", "#!/usr/bin/env python3\nprint(1)\n", true))).toBe("'./scripts/x.py'");
    expect(launchCommand({ path: "scripts/tool", bytes: new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2]), executable: true })).toBe("'./scripts/tool'");
  });

  it("runs any other file through its #! line, split as the kernel splits it", () => {
    expect(launchCommand(file("scripts/x.py", "#!/usr/bin/env python3\r\nprint(1)\n"))).toBe("'/usr/bin/env' 'python3' './scripts/x.py'");
    expect(launchCommand(file("scripts/x", "#! /usr/bin/env -S python3 -u\n"))).toBe("'/usr/bin/env' '-S python3 -u' './scripts/x'");
    expect(launchCommand(file("scripts/x.txt", "#!/bin/sh\n"))).toBe("'/bin/sh' './scripts/x.txt'");
  });

  it("falls back to the extension's interpreter, then to the executable bit", () => {
    expect(launchCommand(file("scripts/a.py", "print(1)\n"))).toBe("python3 './scripts/a.py'");
    expect(launchCommand(file("scripts/a.py", "print(1)\n", true))).toBe("python3 './scripts/a.py'");
    expect(launchCommand(file("scripts/a.sh", "echo\n"))).toBe("bash './scripts/a.sh'");
    expect(launchCommand(file("scripts/a.MJS", ""))).toBe("node './scripts/a.MJS'");
    expect(launchCommand(file("scripts/a.cjs", ""))).toBe("node './scripts/a.cjs'");
    expect(launchCommand(file("scripts/a.pl", ""))).toBe("perl './scripts/a.pl'");
    expect(launchCommand(file("scripts/a.rb", ""))).toBe("ruby './scripts/a.rb'");
    expect(launchCommand(file("scripts/run", "echo hi\n", true))).toBe("'./scripts/run'");
    expect(() => launchCommand(file("scripts/x.bin", "\u0000\u0001"))).toThrow(/^scripts\/x\.bin is not executable and has no interpreter I know/);
  });

  it("quotes what comes from skill content, so none of it is shell syntax", () => {
    expect(launchCommand(file("scripts/it's $(id).py", ""))).toBe(`python3 './scripts/it'\\''s $(id).py'`);
    expect(launchCommand(file("scripts/x", "#!/bin/sh -c 'id; `id`'\n"))).toBe(`'/bin/sh' '-c '\\''id; \`id\`'\\''' './scripts/x'`);
  });

  it("ignores a #! line that names no absolute interpreter", () => {
    expect(readShebang(bytes("#!python3\n"))).toBeNull();
    expect(readShebang(bytes("#!\n"))).toBeNull();
    expect(readShebang(bytes("# comment\n"))).toBeNull();
    expect(launchCommand(file("scripts/a.py", "#!python3\n"))).toBe("python3 './scripts/a.py'");
  });
});

describeSandbox("launchCommand in the sandbox", () => {
  it("starts scripts of each kind from the skill folder, with an odd name intact", async () => {
    const files = [
      file("scripts/exec.sh", '#!/bin/bash\necho exec "$0"\n', true),
      file("scripts/plain.py", "import sys\nprint('plain', sys.argv[0])\n"),
      file("scripts/bang", "#!/usr/bin/env python3\nprint('bang')\n"),
      file("scripts/it's $(id).sh", "echo odd\n"),
    ];
    await withWorkspace(files, async (workspace) => {
      const out = async (f: (typeof files)[number]) => (await workspace.run("demo", { command: launchCommand(f) })).stdout;
      expect(await out(files[0])).toBe("exec ./scripts/exec.sh\n");
      expect(await out(files[1])).toBe("plain ./scripts/plain.py\n");
      expect(await out(files[2])).toBe("bang\n");
      expect(await out(files[3])).toBe("odd\n");
    });
  });
});

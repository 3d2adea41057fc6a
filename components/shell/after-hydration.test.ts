import { createElement } from "react";
import { renderToReadableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { afterHydration } from "./after-hydration";

// In the server's HTML an afterHydration component is its placeholder, rendered as a plain part of
// the page: its module is not loaded, and nothing is thrown for React to catch (next/dynamic's
// `ssr: false` throws a bailout per instance, which leaves a client-rendered boundary in the HTML).
describe("afterHydration on the server", () => {
  it("renders the placeholder, loads nothing and throws nothing", async () => {
    let loads = 0;
    const Menu = afterHydration(
      async () => {
        loads++;
        return function RealMenu({ label }: { label: string }) {
          return createElement("button", null, `real ${label}`);
        };
      },
      () => createElement("button", { disabled: true, "aria-label": "Actions" }, "…"),
    );
    const page = createElement(
      "ul",
      null,
      ["a", "b", "c"].map((label) => createElement("li", { key: label }, createElement(Menu, { label }))),
    );
    const html = renderToString(page);
    expect(html).toBe(`<ul>${'<li><button disabled="" aria-label="Actions">…</button></li>'.repeat(3)}</ul>`);
    const errors: unknown[] = [];
    const stream = await renderToReadableStream(page, { onError: (error) => void errors.push(error) });
    await stream.allReady;
    const streamed = await new Response(stream).text();
    expect(streamed).not.toContain("<!--$!-->");
    expect(streamed).not.toContain("real");
    expect(errors).toEqual([]);
    expect(loads).toBe(0);
  });
});

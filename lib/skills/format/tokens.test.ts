import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { O200K_TOKEN_SPLIT_REGEX } from "gpt-tokenizer/esm/encodingParams/constants";
import { countTokens, countTokensReference, countTokensWithin, preTokens, tokenBudget, TOKEN_COUNT_NOTE } from "./tokens";

const referencePieces = (text: string): string[] => [...text.matchAll(O200K_TOKEN_SPLIT_REGEX)].map((m) => m[0]);
import { randomBytes } from "../test-helpers/archives";
import { hasShared, noteIfSharedMissing, SHARED_DIR } from "../test-helpers/shared";

noteIfSharedMissing("the tokenizer equivalence check on the corpus");

describe("countTokens (o200k_base)", () => {
  it("matches gpt-tokenizer on generated text: ASCII, other scripts, marks, emoji, every kind of whitespace", () => {
    const alphabet = [
      "a",
      "b",
      "Z",
      "Q",
      "'",
      "s",
      "t",
      "ll",
      "VE",
      "re",
      "d",
      "M",
      " ",
      "  ",
      "\t",
      "\n",
      "\r\n",
      "\r",
      "1",
      "23",
      "4567",
      ".",
      ",",
      "/",
      "-",
      "_",
      "!",
      "(",
      "{",
      "é",
      "É",
      "ß",
      "中",
      "文",
      "ー",
      "😀",
      "\u0301",
      "\u00a0",
      "\u2003",
      "—",
      "…",
      "١",
      "²",
      "ǅ",
      "ʰ",
      "\u200b",
      "<|endoftext|>",
      "\u000b",
      "\f",
      "\u0000",
      "\u007f",
    ];
    const bytes = randomBytes(400_000, 11);
    let r = 0;
    for (let k = 0; k < 6_000; k++) {
      const length = 1 + (bytes[r++ % bytes.length] % 40);
      let text = "";
      for (let j = 0; j < length; j++) text += alphabet[bytes[r++ % bytes.length] % alphabet.length];
      expect([text, preTokens(text)]).toEqual([text, referencePieces(text)]);
      expect([text, countTokens(text)]).toEqual([text, countTokensReference(text)]);
    }
  });

  it.skipIf(!hasShared)(
    "matches gpt-tokenizer on every file of ../shared",
    () => {
      const files = execFileSync("find", ["-L", SHARED_DIR, "-type", "f"]).toString().trim().split("\n");
      expect(files.length).toBeGreaterThan(400);
      let sliced = 0;
      for (const file of files) {
        const text = readFileSync(file, "utf8");
        const pieces = preTokens(text);
        expect(pieces).toEqual(referencePieces(text));
        const long = pieces.filter((p) => p.length > 512).length;
        const fast = countTokens(text);
        const exact = countTokensReference(text);
        // the only allowed difference: pre-tokens over 512 characters are counted in slices
        if (long > 0) {
          sliced++;
          expect(Math.abs(fast - exact)).toBeLessThanOrEqual(long * 2);
        } else {
          expect([file, fast]).toEqual([file, exact]);
        }
      }
      expect(sliced).toBeLessThanOrEqual(5);
    },
    180_000,
  );

  it("stays exact when more distinct pieces arrive than its cache holds", () => {
    const bytes = randomBytes(600_000, 5);
    const words: string[] = [];
    for (let i = 0; i < 100_000; i++) {
      let w = " ";
      for (let k = 0; k < 5; k++) w += String.fromCharCode(97 + (bytes[i * 6 + k] % 26));
      words.push(w);
    }
    const text = words.join("");
    // past the piece table's size (92,000 entries); gpt-tokenizer's own merge cache made this
    // quadratic (12 s for 180,000 words). Its speed is a figure of `npm run bench:format`.
    expect(countTokens(text)).toBe(countTokensReference(text));
  }, 120_000);

  it("reads special tokens as text instead of throwing", () => {
    expect(countTokens("<|endoftext|>")).toBeGreaterThan(1);
    expect(countTokens("")).toBe(0);
  });

  it("counts one huge pre-token within a token per 512 characters of the exact count", () => {
    expect(countTokens("\n".repeat(200_000))).toBeGreaterThan(0);
    expect(countTokens("ab".repeat(100_000))).toBeGreaterThan(0);
    for (const text of ["\n".repeat(3000), "x".repeat(2000), "-".repeat(5000)]) {
      expect(Math.abs(countTokens(text) - countTokensReference(text))).toBeLessThanOrEqual(Math.ceil(text.length / 512));
    }
  });

  it("says the counts are approximate", () => {
    expect(TOKEN_COUNT_NOTE).toMatch(/^approximate/);
  });
});

describe("countTokensWithin", () => {
  const prose = "Read the reference before you deploy, then check the logs twice. ".repeat(2000);

  it("counts exactly while the budget lasts, and spends it", () => {
    const budget = tokenBudget(prose.length + 10);
    expect(countTokensWithin(prose, budget)).toBe(countTokens(prose));
    expect(budget.chars).toBe(10);
  });

  it("past the budget, counts the head and extrapolates the rest at its rate", () => {
    const budget = tokenBudget(10_000);
    const estimate = countTokensWithin(prose, budget);
    expect(budget.chars).toBe(0);
    const head = countTokens(prose.slice(0, 10_000));
    expect(estimate).toBe(head + Math.round((prose.length - 10_000) * (head / 10_000)));
    expect(Math.abs(estimate - countTokens(prose)) / countTokens(prose)).toBeLessThan(0.01);
    // Nothing left: four characters a token, no counting at all.
    expect(countTokensWithin("x".repeat(4000), budget)).toBe(1000);
  });
});

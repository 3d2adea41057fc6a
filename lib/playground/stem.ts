// The Porter stemmer (M. F. Porter, "An algorithm for suffix stripping", 1980), with Porter2's
// step 1c (see there): it
// lets "deploying", "deployed" and "deployment" meet "deploy" when the router compares a message
// with skill descriptions. Input is one lowercase ASCII word.

function isConsonant(word: string, i: number): boolean {
  const c = word[i];
  if (c === "a" || c === "e" || c === "i" || c === "o" || c === "u") return false;
  if (c === "y") return i === 0 ? true : !isConsonant(word, i - 1);
  return true;
}

/** m in [C](VC)^m[V]: the number of vowel-consonant sequences in word[0, end). */
function measure(word: string, end: number): number {
  let m = 0;
  let i = 0;
  while (i < end && isConsonant(word, i)) i++;
  while (i < end) {
    while (i < end && !isConsonant(word, i)) i++;
    if (i >= end) break;
    while (i < end && isConsonant(word, i)) i++;
    m++;
  }
  return m;
}

function hasVowel(word: string, end: number): boolean {
  for (let i = 0; i < end; i++) if (!isConsonant(word, i)) return true;
  return false;
}

function endsDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

/** *o: the stem ends consonant-vowel-consonant, the last not w, x or y. */
function endsCvc(word: string, end: number): boolean {
  if (end < 3) return false;
  if (!isConsonant(word, end - 3) || isConsonant(word, end - 2) || !isConsonant(word, end - 1)) return false;
  const c = word[end - 1];
  return c !== "w" && c !== "x" && c !== "y";
}

/** Replaces the first matching suffix whose stem has measure > minMeasure; returns null when none matched. */
function replaceSuffix(word: string, rules: readonly (readonly [string, string])[], minMeasure: number): string | null {
  for (const [suffix, replacement] of rules) {
    if (!word.endsWith(suffix)) continue;
    const stemEnd = word.length - suffix.length;
    return measure(word, stemEnd) > minMeasure ? word.slice(0, stemEnd) + replacement : word;
  }
  return null;
}

const STEP2: readonly (readonly [string, string])[] = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["bli", "ble"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
  ["logi", "log"],
];
const STEP3: readonly (readonly [string, string])[] = [
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
];
const STEP4 = ["al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ion", "ou", "ism", "ate", "iti", "ous", "ive", "ize"];

export function stem(input: string): string {
  if (input.length <= 2 || !/^[a-z]+$/.test(input)) return input;
  let w = input;

  // Step 1a: plurals.
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ies")) w = w.slice(0, -2);
  else if (!w.endsWith("ss") && w.endsWith("s")) w = w.slice(0, -1);

  // Step 1b: -eed, -ed, -ing.
  if (w.endsWith("eed")) {
    if (measure(w, w.length - 3) > 0) w = w.slice(0, -1);
  } else {
    const suffix = w.endsWith("ed") ? 2 : w.endsWith("ing") ? 3 : 0;
    if (suffix && hasVowel(w, w.length - suffix)) {
      w = w.slice(0, -suffix);
      if (w.endsWith("at") || w.endsWith("bl") || w.endsWith("iz")) w += "e";
      else if (endsDoubleConsonant(w) && !/[lsz]$/.test(w)) w = w.slice(0, -1);
      else if (measure(w, w.length) === 1 && endsCvc(w, w.length)) w += "e";
    }
  }

  // Step 1c, as Porter2 revised it: y -> i only after a consonant that is not the first letter
  // ("happy" -> "happi", but "deploy" stays, so it meets "deployment" -> "deploy").
  if (w.length > 2 && w.endsWith("y") && !/[aeiouy]/.test(w[w.length - 2])) w = `${w.slice(0, -1)}i`;

  w = replaceSuffix(w, STEP2, 0) ?? w;
  w = replaceSuffix(w, STEP3, 0) ?? w;

  // Step 4: drop a suffix when the stem has measure > 1 (-ion only after s or t).
  for (const suffix of STEP4) {
    if (!w.endsWith(suffix)) continue;
    const stemEnd = w.length - suffix.length;
    if (measure(w, stemEnd) > 1 && (suffix !== "ion" || /[st]$/.test(w.slice(0, stemEnd)))) w = w.slice(0, stemEnd);
    break;
  }

  // Step 5: a final -e, and -ll.
  if (w.endsWith("e")) {
    const m = measure(w, w.length - 1);
    if (m > 1 || (m === 1 && !endsCvc(w, w.length - 1))) w = w.slice(0, -1);
  }
  if (w.endsWith("ll") && measure(w, w.length) > 1) w = w.slice(0, -1);
  return w;
}

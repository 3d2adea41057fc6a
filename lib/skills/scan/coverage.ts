// What a scan does and does not look at, in plain words, for the upload preview and the Security
// tab: a result with no findings must never read as "safe". Isomorphic.

export interface ScanCoverage {
  checked: readonly string[];
  notChecked: readonly string[];
  /** One sentence to show beside a result with no findings. */
  noFindings: string;
}

export const SCAN_COVERAGE: ScanCoverage = {
  checked: [
    "Every text file of the skill (SKILL.md, references, scripts, data files) is read line by line against a fixed, versioned set of static rules.",
    "Hidden text: Unicode tag characters (decoded and shown), bidirectional controls, zero-width runs, variation-selector runs, control and terminal escape characters, words mixing look-alike scripts, instructions inside HTML comments or hidden elements.",
    "Prompt injection phrasing: overrides of earlier instructions, hiding actions from the user, fake system or chat-template markers, requests for the system prompt, acting without confirmation, permission-bypass flags.",
    'Remote code: downloads piped into a shell, decoded payloads run by a shell or eval, "paste this into Terminal" lures, executable downloads, dynamic code (eval, exec, new Function, pickle) and long encoded blobs (decoded and shown when they hold a script).',
    "Credentials and exfiltration: reads of SSH keys, cloud credentials, .env files, keychains, browser profiles, crypto wallets and agent configuration or memory; environment dumps; secrets sent in a request; known exfiltration services, chat webhooks, raw-IP URLs, URL shorteners, paste sites; Markdown images with templated query strings; DNS exfiltration.",
    "System damage and persistence: reverse shells, rm -rf on / or the home folder, chmod 777, setuid, cron, launchd, systemd and shell-profile edits, agent hook edits, quarantine or antivirus bypass, crypto miners, history wiping.",
    "Secrets committed in the files: private keys and tokens with a known shape (AWS, GitHub, GitLab, Slack, OpenAI, Anthropic, Stripe, Google, npm, Hugging Face and others).",
    "The file list: executables (by their bytes, not their names), nested archives, hidden script files, SVG images with scripts or event handlers, files whose content does not match their extension.",
  ],
  notChecked: [
    "Nothing is run: scripts are not executed, installed or sandboxed, so behaviour that only shows at run time is not seen.",
    "No semantic analysis: the rules match wording and patterns, so a harmful request phrased in new words, split across lines or files, or written in another language can pass unnoticed.",
    "No network lookups: links, downloaded scripts and packages are not fetched, and hosts are not checked against reputation lists.",
    "Dependencies a script installs (pip, npm and the like) are not inspected.",
    "Binary files (images, fonts, archives, documents) are not read as text; their presence marks the scan as not complete.",
    "Text files over the scan size limit are not read; their presence marks the scan as not complete.",
    "Encoded or encrypted content is only decoded when it is a single long base64 blob.",
  ],
  noFindings:
    "No findings from the static rules. Static rules miss much (they read text, they run nothing), so read what the skill asks an agent to do before you use it.",
};

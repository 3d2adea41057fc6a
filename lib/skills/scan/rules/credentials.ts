// Credentials and exfiltration: reading what holds secrets, and the roads data takes out. Isomorphic.

import { CHAT_WEBHOOKS, EXFIL_SINKS, isPublicIpv4, PASTE_SITES, URL_SHORTENERS } from "../hosts";
import { lineText } from "../context";
import { patternRule, type CombinedHit, type RuleDef } from "../rule";
import { namedNotRead } from "../severity";
import type { ScanFinding } from "../types";

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
const domainPattern = (domains: readonly string[], tail: string): RegExp =>
  new RegExp(String.raw`(?<![\w.@-])(?:[a-z0-9-]+\.)*(?:${domains.map(escape).join("|")})${tail}`, "gi");

const HOME = String.raw`(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%|\$env:USERPROFILE|\/root|\/home\/[\w.-]+|\/Users\/[\w.-]+)`;
const SECRET_VAR = String.raw`\$\{?[A-Z0-9_]*(?:TOKEN|SECRET|API_?KEY|ACCESS_KEY|PRIVATE_KEY|PASSWORD|PASSWD|CREDENTIALS?)[A-Z0-9_]*\}?`;
const CRED_FILE = String.raw`(?:\.ssh\/|\.aws\/|\.env\b|credentials|id_rsa|id_ed25519|\.netrc|\.npmrc|\.pypirc|\.git-credentials|\.kube\/config|keychain|wallet|\.claude)`;

/** Rules whose finding means the script reads a secret store. */
const READS_SECRETS: ReadonlySet<string> = new Set([
  "credentials/ssh-keys",
  "credentials/cloud-credentials",
  "credentials/env-file",
  "credentials/keychain",
  "credentials/browser-data",
  "credentials/crypto-wallet",
  "credentials/agent-secrets",
  "credentials/env-dump",
  "credentials/cloud-metadata",
]);

// A request leaving the machine: HTTP clients, raw sockets, mail, file transfer.
const NETWORK_SEND =
  /\b(?:curl|wget|requests\.(?:post|put|patch|get)|httpx\.(?:post|put|patch|get|Client)|urllib\.request|urlopen|http\.client|fetch\s*\(|axios|got\s*\(|https?\.request|socket\.(?:connect|create_connection)|netcat|ncat|Invoke-WebRequest|Invoke-RestMethod|smtplib|ftplib|paramiko)\b|(?:^|[\s;|&])nc\s+-?\w*\s*\S+\s+\d+/i;

const COMMENT = /^\s*(?:#|\/\/|--\s|;|\*|\/\*)/;

/** A script that reads a secret store and also talks to the network: together, the shape of a theft. */
function* readAndSend(file: Parameters<NonNullable<RuleDef["combine"]>>[0], found: readonly ScanFinding[]): Iterable<CombinedHit> {
  if (file.kind !== "code") return;
  // a path named in a comment is not a read
  const read = found.find((f) => READS_SECRETS.has(f.rule) && f.ruleSeverity === undefined && f.line !== null && !COMMENT.test(lineText(file, f.line)));
  if (!read) return;
  for (let n = 1; n <= file.lineStarts.length; n++) {
    const text = lineText(file, n);
    if (COMMENT.test(text) || !NETWORK_SEND.test(text)) continue;
    yield {
      line: n,
      excerpt: text.trim().slice(0, 200),
      note: `Reads a secret store at line ${read.line} (${read.rule}) and sends over the network at line ${n} in the same script: together they can carry the secret away.`,
    };
    return;
  }
}

export const credentialRules: RuleDef[] = [
  {
    id: "exfiltration/read-and-send",
    category: "credentials-exfiltration",
    severity: "critical",
    appliesTo: "code",
    message:
      "A script that both reads stored credentials or secrets and sends data over the network: worse than either alone, since nothing stops the secret from leaving with the request.",
    contextual: false,
    combine: readAndSend,
  },
  {
    ...patternRule(
      {
        id: "credentials/ssh-keys",
        category: "credentials-exfiltration",
        severity: "high",
        appliesTo: "any",
        message: "Reads SSH private keys or the whole ~/.ssh folder: whoever gets them can log in to every server and repository the keys open.",
      },
      {
        pattern: [
          /\.ssh[/\\]+(?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|identity)(?![\w.-])/g,
          new RegExp(
            String.raw`\b(?:cat|cp|scp|rsync|tar|zip|7z|base64|curl|find|grep\s+-\w*r\w*|ls\s+-\w*R)\b[^\n]{0,100}${HOME}[/\\]\.ssh[/\\]?(?![\w./\\-])`,
            "g",
          ),
          /(?:expanduser|homedir\(\)|Path\.home\(\)|os\.environ\[["']HOME["']\])[^\n]{0,40}["'][~/\\]*\.ssh["'/\\]/g,
        ],
        quick: [".ssh"],
      },
    ),
    contextHook: namedNotRead,
  },
  {
    ...patternRule(
      {
        id: "credentials/cloud-credentials",
        category: "credentials-exfiltration",
        severity: "high",
        appliesTo: "any",
        message:
          "Reads stored cloud or registry credentials (AWS, Google Cloud, Azure, Kubernetes, Docker, .netrc, git credentials): keys to accounts far beyond this task.",
      },
      {
        pattern: [
          /\.aws[/\\]+credentials\b/g,
          /\.config[/\\]gcloud[/\\](?:application_default_credentials\.json|credentials\.db|access_tokens\.db|legacy_credentials)/g,
          /\.azure[/\\](?:accessTokens\.json|msal_token_cache\.\w+|azureProfile\.json)/g,
          /\.docker[/\\]config\.json\b/g,
          new RegExp(String.raw`${HOME}[/\\]\.(?:netrc|npmrc|pypirc|git-credentials|vault-token)\b`, "g"),
          /\.terraform\.d[/\\]credentials\.tfrc\.json|\.config[/\\]gh[/\\]hosts\.yml/g,
          /\/etc\/shadow\b/g,
          new RegExp(String.raw`\b(?:cat|cp|scp|base64|curl)\b[^\n]{0,60}${HOME}[/\\]\.kube[/\\]config\b`, "g"),
        ],
        quick: [
          ".aws",
          "gcloud",
          ".azure",
          ".docker",
          "netrc",
          "npmrc",
          "pypirc",
          "git-credentials",
          "vault-token",
          "terraform.d",
          "hosts.yml",
          "shadow",
          ".kube",
        ],
      },
    ),
    contextHook: namedNotRead,
  },
  patternRule(
    {
      id: "credentials/env-file",
      category: "credentials-exfiltration",
      severity: "medium",
      appliesTo: "code",
      message: "Reads a .env file, where projects keep API keys and passwords. Loading it for the project's own tool is common; sending or printing it is not.",
    },
    {
      pattern: [
        /(?:^|[\s;&|(`])(?:cat|less|more|head|tail|type|grep|cp|scp|rsync|base64|xxd|strings)\s+(?:-\S+\s+)*["']?(?:[\w~$./-]*\/)?\.env(?!\.(?:example|sample|template|dist|defaults)\b)(?:\.[\w-]+)?["']?(?![\w.-])/gm,
        /\b(?:open|readFile(?:Sync)?|read_text|read_bytes|Get-Content|File\.ReadAllText|fs\.promises\.readFile)\s*\(?\s*["'](?:[\w~./-]*\/)?\.env(?!\.(?:example|sample|template|dist|defaults)\b)(?:\.[\w-]+)?["']/g,
      ],
      quick: [".env"],
      where: "code",
    },
  ),
  patternRule(
    {
      id: "credentials/keychain",
      category: "credentials-exfiltration",
      severity: "high",
      appliesTo: "any",
      message:
        "Reads passwords from the system keychain or credential store (macOS security, Windows Credential Manager, Linux secret service, LSASS): every saved password on the machine.",
    },
    {
      pattern: [
        /\bsecurity\s+(?:find-(?:generic|internet)-password|dump-keychain|export\s+-k|unlock-keychain)\b/g,
        /\blogin\.keychain(?:-db)?\b/g,
        /\bcmdkey(?:\.exe)?\s+\/list\b|\bvaultcmd(?:\.exe)?\b|\bmimikatz\b|\blsass(?:\.exe|\.dmp)?\b|\bCredEnumerate\w*|\bsecret-tool\s+(?:lookup|search)\b|\bkwallet-query\b/gi,
      ],
      quick: ["security", "keychain", "cmdkey", "vaultcmd", "mimikatz", "lsass", "credenumerate", "secret-tool", "kwallet"],
    },
  ),
  patternRule(
    {
      id: "credentials/password-prompt",
      category: "credentials-exfiltration",
      severity: "high",
      appliesTo: "any",
      message:
        'Shows a home-made password dialog (osascript "with hidden answer", a GUI prompt for the login password): the way macOS stealers collect the user\'s password.',
    },
    {
      pattern: [
        /\bdisplay\s+dialog\b[^\n]{0,200}\bwith\s+hidden\s+answer\b/gi,
        /\b(?:zenity\s+--password|kdialog\s+--password|Get-Credential\b[^\n]{0,80}-Message)/gi,
        /\bdscl\s+\.\s+-authonly\b/g,
      ],
      quick: ["hidden answer", "zenity", "kdialog", "get-credential", "dscl"],
    },
  ),
  {
    ...patternRule(
      {
        id: "credentials/browser-data",
        category: "credentials-exfiltration",
        severity: "high",
        appliesTo: "any",
        message: "Reads a browser profile's saved logins, cookies or history: that hands over signed-in sessions and stored passwords.",
      },
      {
        pattern: [
          /(?:Google[/\\]Chrome|Chromium|BraveSoftware[/\\]Brave-Browser|Microsoft[/\\]Edge|Mozilla[/\\]Firefox|\.mozilla[/\\]firefox|Library[/\\]Safari|Opera Software|Vivaldi|Arc[/\\]User Data)[^\n]{0,120}?(?:Login Data|Cookies|Web Data|Local State|logins\.json|key[34]\.db|cookies\.sqlite|places\.sqlite|History\b|Bookmarks\b)/g,
          /\b(?:Cookies\.binarycookies|logins\.json|key4\.db|cookies\.sqlite)\b/g,
          /["'/\\]Login Data["'/\\]/g,
        ],
        quick: [
          "chrome",
          "chromium",
          "bravesoftware",
          "microsoft/edge",
          "microsoft\\edge",
          "firefox",
          "safari",
          "opera software",
          "vivaldi",
          "arc/user data",
          "arc\\user data",
          "cookies",
          "logins.json",
          "key4.db",
          "login data",
        ],
      },
    ),
    contextHook: namedNotRead,
  },
  {
    ...patternRule(
      {
        id: "credentials/crypto-wallet",
        category: "credentials-exfiltration",
        severity: "high",
        appliesTo: "any",
        message: "Reads cryptocurrency wallet files, keystores or seed phrases: whoever gets them can move the funds.",
      },
      {
        pattern: [
          /\bwallet\.dat\b|\.electrum[/\\]wallets|\bexodus\.wallet\b|Exodus[/\\]exodus|[Ee]thereum[/\\]keystore|solana[/\\]id\.json|\bUTC--\d{4}-\d{2}-\d{2}T/g,
          /\bnkbihfbeogaeaoehlefnkodbefgpgknn\b|\bbfnaelmomeimhlpmgjnjophhpkkoljpa\b|\bhnfanknocfeofbddgcijnmhnfnkdnaad\b/g,
          /\b(?:seed|recovery|mnemonic|secret)\s+(?:phrase|words)\b[^\n]{0,80}\b(?:send|post|upload|curl|fetch|webhook|https?:)/gi,
        ],
        quick: [
          "wallet",
          "electrum",
          "exodus",
          "keystore",
          "solana",
          "utc--",
          "nkbihfbeogaeaoehlefnkodbefgpgknn",
          "bfnaelmomeimhlpmgjnjophhpkkoljpa",
          "hnfanknocfeofbddgcijnmhnfnkdnaad",
          "phrase",
          "words",
        ],
      },
    ),
    contextHook: namedNotRead,
  },
  {
    ...patternRule(
      {
        id: "credentials/agent-secrets",
        category: "credentials-exfiltration",
        severity: "high",
        appliesTo: "any",
        message: "Reads an AI agent's own login tokens (Claude, Codex, Copilot, Gemini): they let anyone act as you in those tools.",
      },
      {
        pattern: [
          /\.claude[/\\]\.credentials\.json/g,
          new RegExp(String.raw`${HOME}[/\\]\.claude\.json\b`, "g"),
          /\.codex[/\\]auth\.json|\.config[/\\]github-copilot[/\\](?:hosts|apps)\.json|\.gemini[/\\](?:oauth_creds|google_accounts)\.json/g,
        ],
        quick: [".credentials.json", ".claude.json", "auth.json", "github-copilot", "oauth_creds", "google_accounts"],
      },
    ),
    contextHook: namedNotRead,
  },
  patternRule(
    {
      id: "credentials/agent-memory",
      category: "credentials-exfiltration",
      severity: "medium",
      appliesTo: "any",
      message: "Reads an agent's memory or past conversations (MEMORY.md, session transcripts): they often hold private details from other work.",
    },
    {
      pattern: [/\bMEMORY\.md\b/g, /\.claude[/\\](?:projects|todos|shell-snapshots|history\.jsonl)\b/g, /\.codex[/\\](?:sessions|history\.jsonl)\b/g],
      quick: ["memory.md", ".claude", ".codex"],
    },
  ),
  patternRule(
    {
      id: "credentials/env-dump",
      category: "credentials-exfiltration",
      severity: "medium",
      appliesTo: "code",
      message: "Dumps every environment variable, which is where API keys and tokens usually live.",
    },
    {
      pattern: [
        /(?<=^\s*|[;&|]\s*|\$\(\s*)(?:printenv|env|export\s+-p)(?=\s*(?:$|>|;|&&|\)|\|(?!\s*(?:grep|egrep|rg|findstr|select-string|sort|head|wc)\b)))/gm,
        /\bJSON\.stringify\(\s*process\.env\s*[,)]|\bObject\.(?:entries|keys|values)\(\s*process\.env\s*\)/g,
        /\b(?:dict|json\.dumps|str|repr|print)\(\s*(?:dict\(\s*)?os\.environ\s*\)|\bos\.environ\.items\(\)/g,
        /\b(?:Get-ChildItem|gci|dir|ls)\s+env:(?!\w)/gi,
      ],
      quick: ["printenv", "env", "export -p"],
      where: "code",
    },
  ),
  patternRule(
    {
      id: "exfiltration/secrets-in-request",
      category: "credentials-exfiltration",
      severity: "high",
      appliesTo: "any",
      message: "Sends secrets (token variables, credential files, the environment or command output) in the body of a network request.",
    },
    {
      pattern: [
        new RegExp(
          String.raw`\b(?:curl|wget)\b[^\n]{0,300}?(?:\s-d|--data(?:-\w+)?|\s-F|--form|--post-data|--body-data|--upload-file|\s-T)[=\s]+["']?[^\n]{0,100}?(?:${SECRET_VAR}|@${HOME}?[/\\]?[^\s"']*${CRED_FILE})`,
          "g",
        ),
        /\b(?:curl|wget)\b[^\n]{0,300}\$\(\s*(?:cat|env|printenv|base64|tar|gzip)\b[^\n)]{0,100}\)/g,
        /\b(?:requests|httpx|session)\.(?:post|put|patch)\s*\([^\n]{0,300}?(?:os\.environ(?!\s*(?:\[|\.get\())|dict\(os\.environ\)|open\([^)\n]*(?:\.ssh|\.aws|\.env\b|credentials))/g,
        /\b(?:fetch|axios\.(?:post|put)|got\.post)\s*\([^\n]{0,300}?(?:JSON\.stringify\(\s*process\.env\s*\)|readFileSync\([^)\n]*(?:\.ssh|\.aws|\.env\b|credentials))/g,
      ],
      quick: ["curl", "wget", "requests.", "httpx.", "session.", "fetch(", "axios.", "got.post"],
    },
  ),
  patternRule(
    {
      id: "exfiltration/known-sink",
      category: "credentials-exfiltration",
      severity: "high",
      appliesTo: "any",
      message:
        "Refers to a service built to capture incoming requests or tunnel them out (webhook.site, RequestBin, ngrok, interact.sh...): the usual destination of exfiltrated data.",
    },
    { pattern: domainPattern(EXFIL_SINKS, String.raw`(?![\w-])`), quick: EXFIL_SINKS },
  ),
  patternRule(
    {
      id: "exfiltration/chat-webhook",
      category: "credentials-exfiltration",
      severity: "medium",
      appliesTo: "any",
      message:
        "Posts to a chat webhook (Discord, Slack, Telegram, Teams): a legitimate notification path, and a one-line way to send data to someone else's channel.",
    },
    { pattern: CHAT_WEBHOOKS.map((p) => new RegExp(p.source, "gi")), quick: ["discord", "hooks.slack", "api.telegram", "webhook.office", "outlook.office"] },
  ),
  patternRule(
    {
      id: "exfiltration/markdown-image-query",
      category: "credentials-exfiltration",
      severity: "high",
      appliesTo: "any",
      message:
        "An image whose URL has a placeholder in its query string: when the agent fills it in and the image is displayed, the data is sent to that server without a click.",
    },
    {
      pattern: [
        /!\[[^\]\n]*\]\(\s*<?https?:\/\/[^\s)]*\?[^\s)]*(?:\{\{?|\$\{?|%7B|<[A-Za-z_ -]+>|\[[A-Z_ ]+\]|\b(?:DATA|INSERT|SECRET|CONTEXT|CONVERSATION|SUMMARY)\b)/g,
        /<img\b[^>\n]*\bsrc\s*=\s*["']https?:\/\/[^"'\n]*\?[^"'\n]*(?:\{\{?|\$\{?|%7B|<[A-Za-z_ -]+>|\[[A-Z_ ]+\]|\b(?:DATA|INSERT|SECRET|CONTEXT|CONVERSATION|SUMMARY)\b)/gi,
      ],
      quick: ["![", "<img"],
    },
  ),
  patternRule(
    {
      id: "exfiltration/dns",
      category: "credentials-exfiltration",
      severity: "high",
      appliesTo: "code",
      message: "Builds a host name from data and looks it up: DNS queries leak that data to whoever runs the domain, past most firewalls.",
    },
    {
      pattern: [
        /\b(?:nslookup|dig|host|drill|ping|Resolve-DnsName)\b[^\n]{0,60}?(?:\$\(|`|\$\{?[A-Za-z_])[^\s]{0,100}\.[a-z0-9-]+\.[a-z]{2,}/g,
        /\bgethostbyname\w*\s*\(\s*(?:f["'][^"'\n]*\{[^"'\n]*\}\.[^"'\n]+["']|[^\n)]{0,80}\+\s*["']\.[\w.-]+["'])/g,
        /\bdns\.(?:resolve\w*|lookup)\s*\(\s*`[^`\n]*\$\{[^`\n]*\}\.[^`\n]+`/g,
      ],
      quick: ["nslookup", "dig", "host", "drill", "ping", "resolve-dnsname", "gethostbyname", "dns."],
      where: "code",
    },
  ),
  patternRule(
    {
      id: "exfiltration/raw-ip-url",
      category: "credentials-exfiltration",
      severity: "medium",
      appliesTo: "any",
      message:
        "A URL that points at a public IP address instead of a domain name: nobody can tell who runs it, and it is a common command-and-control or exfiltration address.",
    },
    {
      pattern: /\b(?:https?|ftp|wss?):\/\/(\d{1,3}(?:\.\d{1,3}){3})(?![\d.])/gi,
      quick: [..."123456789"].map((d) => `://${d}`),
      accept: (m) => isPublicIpv4(m[1]),
    },
  ),
  patternRule(
    {
      id: "credentials/cloud-metadata",
      category: "credentials-exfiltration",
      severity: "high",
      appliesTo: "any",
      message: "Queries the cloud instance metadata service, which hands out the machine's cloud credentials to anything that asks from inside it.",
    },
    {
      pattern: /\b169\.254\.169\.254\b|\bmetadata\.google\.internal\b|\b100\.100\.100\.200\b|\bfd00:ec2::254\b/g,
      quick: ["169.254.169.254", "metadata.google.internal", "100.100.100.200", "fd00:ec2::254"],
    },
  ),
  patternRule(
    {
      id: "exfiltration/url-shortener",
      category: "credentials-exfiltration",
      severity: "medium",
      appliesTo: "any",
      message: "A shortened link hides where it leads, and its target can be changed after review.",
    },
    { pattern: domainPattern(URL_SHORTENERS, String.raw`\/[A-Za-z0-9_-]{3,}`), quick: URL_SHORTENERS.map((d) => `${d}/`) },
  ),
  patternRule(
    {
      id: "exfiltration/paste-site",
      category: "credentials-exfiltration",
      severity: "medium",
      appliesTo: "any",
      message: "Refers to an anonymous paste or file-drop site: a place to fetch unreviewed code from, or to drop stolen data at.",
    },
    { pattern: domainPattern(PASTE_SITES, String.raw`(?![\w-])`), quick: PASTE_SITES },
  ),
];

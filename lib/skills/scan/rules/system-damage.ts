// System damage and persistence: destroying data, opening the machine to others, staying on it. Isomorphic.

import { patternRule, type RuleDef } from "../rule";

const HOME = String.raw`(?:~|\$HOME|\$\{HOME\}|"\$HOME"|\/root|%USERPROFILE%|\$env:USERPROFILE)`;
const RM_RF = String.raw`\brm\s+(?:-[a-zA-Z]+\s+|--[a-z-]+\s+)*(?:-[a-zA-Z]*(?:r[a-zA-Z]*f|f[a-zA-Z]*r)[a-zA-Z]*|-[rR]\s+-f|-f\s+-[rR]|--recursive\s+--force|--force\s+--recursive)\s+(?:--[a-z-]+\s+)*`;
const ROOTS = String.raw`["']?(?:\/\*?|${HOME}\/?\*?|\/(?:etc|usr|bin|sbin|var|boot|lib|lib64|opt|home|Users|System|Library|Applications)\/?\*?)["']?`;

export const systemDamageRules: RuleDef[] = [
  patternRule(
    {
      id: "system-damage/reverse-shell",
      category: "system-damage",
      severity: "critical",
      appliesTo: "any",
      message: "Opens a reverse shell: it hands an interactive command line on this machine to a remote host.",
    },
    {
      pattern: [
        /\/dev\/(?:tcp|udp)\/[^\s/]+\/\d+/g,
        /\b(?:nc|ncat|netcat)(?:\.exe)?\b[^\n|;]{0,80}\s-(?:e|c)\s+["']?(?:\/bin\/|\/usr\/bin\/)?(?:ba|z|da)?sh\b|\b(?:nc|ncat|netcat)(?:\.exe)?\b[^\n|;]{0,80}\s-(?:e|c)\s+cmd(?:\.exe)?\b/g,
        /\bsocat\b[^\n]{0,160}\bexec:[^\n]{0,40}\b(?:ba|z)?sh\b/gi,
        /\bmkfifo\b[^\n]{0,160}\|\s*(?:nc|ncat|netcat)\b/g,
        /\b(?:ba|z)?sh\s+-i\s+[^\n]{0,40}(?:\||>&)\s*(?:nc|ncat|netcat)\b/g,
        /socket\.socket\([^\n]{0,400}(?:dup2|pty\.spawn|subprocess\.call\(\s*\[\s*["']\/bin\/(?:ba)?sh)/g,
        /\bpty\.spawn\(\s*["']\/bin\/(?:ba|z)?sh["']/g,
        /New-Object\s+(?:System\.)?Net\.Sockets\.TCPClient\s*\(/gi,
      ],
      quick: ["/dev/tcp", "/dev/udp", "nc ", "nc\t", "nc.exe", "ncat", "netcat", "socat", "mkfifo", "sh -i", "socket.socket", "pty.spawn", "tcpclient"],
    },
  ),
  patternRule(
    {
      id: "system-damage/destructive-delete",
      category: "system-damage",
      severity: "critical",
      appliesTo: "any",
      message: "Deletes the whole disk, a system folder or the home folder (rm -rf /, rm -rf ~, mkfs, dd onto a disk): unrecoverable loss of data.",
    },
    {
      pattern: [
        new RegExp(String.raw`${RM_RF}${ROOTS}(?=\s|$|;|&|\||\))`, "gm"),
        /--no-preserve-root\b/g,
        /\bshutil\.rmtree\(\s*(?:["']\/["']|["']~["']|os\.path\.expanduser\(\s*["']~\/?["']\s*\)|Path\.home\(\)|os\.environ\[["']HOME["']\])\s*[,)]/g,
        /\bfs\.(?:rm|rmdir)(?:Sync)?\(\s*(?:os\.homedir\(\)|["']\/["'])\s*,\s*\{[^}\n]*recursive/g,
        /\b(?:del|erase)\s+\/[sfq](?:\s+\/[sfq])*\s+["']?[A-Za-z]:\\\*?["']?(?=\s|$)/gim,
        /\bRemove-Item\b[^\n]{0,60}-Recurse[^\n]{0,60}(?:[A-Za-z]:\\\s|[A-Za-z]:\\\*|\$env:USERPROFILE\s|~\s)/gi,
        /\bmkfs(?:\.\w+)?\s+(?:-\S+\s+)*\/dev\/\w+/g,
        /\bdd\s+[^\n]{0,80}\bof=\/dev\/(?:sd[a-z]|nvme\d|disk\d|hd[a-z]|mmcblk\d|xvd[a-z])/g,
        /\bfind\s+(?:\/|~|\$HOME)\s[^\n]{0,80}-delete\b/g,
        /:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/g,
        /\bformat\s+[A-Za-z]:\s*\/[qy]/gi,
      ],
      quick: ["rm -", "no-preserve-root", "rmtree", "fs.rm", "del /", "erase /", "remove-item", "mkfs", "of=/dev/", "-delete", ":()", "format "],
    },
  ),
  patternRule(
    {
      id: "system-damage/world-writable",
      category: "system-damage",
      severity: "medium",
      appliesTo: "any",
      message: "Makes files writable by every user on the machine (chmod 777): any other program or user can then change what runs.",
    },
    {
      pattern: [/\bchmod\s+(?:-\w+\s+)*(?:0?777|a\+rwx|ugo\+rwx|o\+w|a\+w|o\+rwx)(?![\w])/g, /\b(?:os\.)?chmod\(\s*[^,\n]+,\s*(?:0o?777|511)\s*\)/g],
      quick: ["chmod"],
    },
  ),
  patternRule(
    {
      id: "system-damage/privilege-escalation",
      category: "system-damage",
      severity: "high",
      appliesTo: "any",
      message: "Grants lasting root powers: setuid/setgid bits, file capabilities or password-less sudo rules let any later program become root.",
    },
    {
      pattern: [
        /\bchmod\s+(?:-\w+\s+)*(?:[ugoa]*\+[rwx]*s[rwx]*|[2467][0-7]{3})(?![\w])/g,
        /\bsetcap\b[^\n]{0,80}\bcap_(?:setuid|setgid|sys_admin|dac_override|dac_read_search|sys_ptrace)\b/g,
        /\bNOPASSWD\s*:/g,
        /(?:>>?|tee\s+(?:-a\s+)?)\s*\/etc\/sudoers(?:\.d\/\S*)?/g,
        /\bos\.setuid\(\s*0\s*\)/g,
      ],
      quick: ["chmod", "setcap", "nopasswd", "sudoers", "setuid"],
    },
  ),
  patternRule(
    {
      id: "system-damage/scheduled-persistence",
      category: "system-damage",
      severity: "high",
      appliesTo: "any",
      message:
        "Installs something that runs again later on its own (cron, launchd, systemd, Windows Run keys or scheduled tasks, git hooks): it outlives the task the skill was used for.",
    },
    {
      pattern: [
        /\|\s*crontab\s+(?:-u\s+\S+\s+)?-?(?=\s|$)/gm,
        /\bcrontab\s+(?:-u\s+\S+\s+)?(?:-e\b|[\w.~$/-]+\.(?:txt|cron|tab)\b)/g,
        /(?:>>?|tee\s+(?:-a\s+)?|cp\s+\S+\s+|mv\s+\S+\s+)\s*\/etc\/cron\S*|\/var\/spool\/cron\b/g,
        /Library[/\\]Launch(?:Agents|Daemons)\b/g,
        /\blaunchctl\s+(?:load|bootstrap|submit|enable)\b/g,
        /\bsystemctl\s+(?:--user\s+)?enable\b|\.config\/systemd\/user\/\S+\.(?:service|timer)|\/etc\/systemd\/system\/\S+\.(?:service|timer)/g,
        /\\CurrentVersion\\Run(?:Once)?\b|\bschtasks(?:\.exe)?\s+\/create\b|Start Menu\\Programs\\Startup|\bRegister-ScheduledTask\b|\bNew-ScheduledTask\w*/gi,
        /(?:>>?|tee\s+(?:-a\s+)?|cp\s+\S+\s+|mv\s+\S+\s+|ln\s+-\w*s\w*\s+\S+\s+)\s*\S*\.git\/hooks\/(?:pre|post)-[\w-]+/g,
      ],
      quick: [
        "crontab",
        "/etc/cron",
        "/var/spool/cron",
        "launch",
        "systemctl",
        "systemd",
        "currentversion",
        "schtasks",
        "startup",
        "scheduledtask",
        ".git/hooks",
      ],
    },
  ),
  patternRule(
    {
      id: "system-damage/shell-profile-edit",
      category: "system-damage",
      severity: "medium",
      appliesTo: "any",
      message:
        "Writes to a shell start-up file (~/.bashrc, ~/.zshrc, $PROFILE): whatever it adds runs in every new terminal. Installers add PATH lines this way; check what is added.",
    },
    {
      pattern: [
        new RegExp(
          String.raw`(?:>>?|tee\s+(?:-a\s+)?)\s*["']?${HOME}\/\.(?:bashrc|bash_profile|bash_login|zshrc|zprofile|zshenv|zlogin|profile|config\/fish\/config\.fish)\b`,
          "g",
        ),
        /(?:>>?|tee\s+(?:-a\s+)?)\s*\/etc\/(?:profile(?:\.d\/\S*)?|bash\.bashrc|zshrc|zsh\/zshrc|environment)\b/g,
        /\bopen\(\s*os\.path\.expanduser\(\s*["']~\/\.(?:bashrc|bash_profile|zshrc|zprofile|profile)["']\s*\)\s*,\s*["'][aw]/g,
        /\b(?:Add|Set)-Content\s+(?:-Path\s+)?\$PROFILE\b/gi,
      ],
      quick: ["bashrc", "bash_profile", "bash_login", "zshrc", "zprofile", "zshenv", "zlogin", "profile", "config.fish", "/etc/environment"],
    },
  ),
  patternRule(
    {
      id: "system-damage/agent-config-persistence",
      category: "system-damage",
      severity: "high",
      appliesTo: "any",
      message:
        "Changes an agent's own settings, hooks or global instructions (e.g. ~/.claude/settings.json hooks, a global CLAUDE.md): the change keeps acting on every later session, outside this skill.",
    },
    {
      pattern: [
        /(?:>>?|tee\s+(?:-a\s+)?|write_text|writeFile(?:Sync)?|json\.dump|cp\s+\S+|mv\s+\S+)[^\n]{0,80}\.(?:claude|codex|gemini|cursor)[/\\](?:settings(?:\.local)?\.json|config\.toml|hooks\b)/g,
        /(?:>>|tee\s+-a|appendFile(?:Sync)?|open\([^)\n]*["']a["'])[^\n]{0,80}(?:~|\$HOME|homedir\(\))[/\\]?\.(?:claude|codex|gemini)[/\\](?:CLAUDE|AGENTS|GEMINI)\.md/g,
        /\b(?:add|install|register|create|write|insert|put)\s+(?:a\s+|an\s+|the\s+|this\s+|these\s+|our\s+)?(?:\w+\s+)?hooks?\s+(?:entry\s+|entries\s+)?(?:to|in|into)\s+[^\n]{0,40}settings(?:\.local)?\.json/gi,
      ],
      quick: [".claude", ".codex", ".gemini", ".cursor", "hook"],
    },
    // hook definitions span lines, so they are looked for over the whole file
    {
      pattern:
        /"(?:PreToolUse|PostToolUse|SessionStart|SessionEnd|UserPromptSubmit|Stop|SubagentStop|Notification|PreCompact)"\s*:\s*\[\s*\{[^\]]{0,400}"command"\s*:/g,
      quick: ["pretooluse", "posttooluse", "sessionstart", "sessionend", "userpromptsubmit", "subagentstop", "notification", "precompact", '"stop"'],
      multiline: true,
    },
  ),
  patternRule(
    {
      id: "system-damage/ssh-authorized-keys",
      category: "system-damage",
      severity: "high",
      appliesTo: "any",
      message: "Adds a key to ~/.ssh/authorized_keys: whoever holds that key can log in to this machine from then on.",
    },
    {
      pattern: new RegExp(String.raw`(?:>>?|tee\s+(?:-a\s+)?|cp\s+\S+\s+)\s*["']?(?:${HOME}|\/home\/[\w.-]+)?\/\.ssh\/authorized_keys2?\b`, "g"),
      quick: ["authorized_keys"],
    },
  ),
  patternRule(
    {
      id: "system-damage/security-bypass",
      category: "system-damage",
      severity: "high",
      appliesTo: "any",
      message:
        "Switches off an operating-system protection (macOS quarantine/Gatekeeper, SIP, Windows Defender, SELinux): downloaded programs then run without the checks that would stop them.",
    },
    {
      pattern: [
        /\bspctl\s+(?:--master-disable|--global-disable|--add|--disable)\b|\bcsrutil\s+disable\b/g,
        /\bSet-MpPreference\b[^\n]{0,60}-Disable\w+|\bAdd-MpPreference\b[^\n]{0,40}-Exclusion\w+/gi,
        /\bsetenforce\s+0\b|\bufw\s+disable\b/g,
      ],
      quick: ["spctl", "csrutil", "mppreference", "setenforce", "ufw"],
    },
  ),
  patternRule(
    {
      id: "system-damage/quarantine-removal",
      category: "system-damage",
      severity: "medium",
      appliesTo: "any",
      message:
        "Removes macOS's quarantine mark from a file, so Gatekeeper never checks the program before it runs. Installation docs of unsigned tools do this for one named file; check which file and where it came from.",
    },
    { pattern: /\bxattr\s+(?:-\w+\s+)*-\w*[dc]\w*\s+(?:-\w+\s+)*com\.apple\.quarantine\b|\bxattr\s+-(?:c|cr|rc)\b/g, quick: ["xattr"] },
  ),
  patternRule(
    {
      id: "system-damage/crypto-miner",
      category: "system-damage",
      severity: "critical",
      appliesTo: "any",
      message: "Runs a cryptocurrency miner or connects to a mining pool: it burns this machine's power for someone else.",
    },
    {
      pattern: [
        /\b(?:xmrig|xmr-stak|minerd|cpuminer|cgminer|bfgminer|ethminer|nbminer|lolminer|phoenixminer|nicehashminer|coinhive|cryptonight)\b/gi,
        /\bstratum\+(?:tcp|ssl|tls):\/\//gi,
        /--donate-level\b/g,
        /\b(?:pool\.minexmr\.com|supportxmr\.com|nanopool\.org|moneroocean\.stream|2miners\.com|f2pool\.com|hashvault\.pro|herominers\.com|nicehash\.com)\b/gi,
      ],
      quick: [
        "xmr",
        "miner",
        "cgminer",
        "coinhive",
        "cryptonight",
        "stratum",
        "donate-level",
        "nanopool",
        "moneroocean",
        "2miners",
        "f2pool",
        "hashvault",
        "herominers",
        "nicehash",
      ],
    },
  ),
  patternRule(
    {
      id: "system-damage/cover-tracks",
      category: "system-damage",
      severity: "medium",
      appliesTo: "any",
      message: "Erases shell history or system logs: there is no legitimate need for a skill to hide what was run.",
    },
    {
      pattern: [
        /\bhistory\s+-c\b|\bunset\s+HISTFILE\b|\bHISTFILE=\/dev\/null\b|\bHISTSIZE=0\b|\bset\s+\+o\s+history\b/g,
        /\b(?:rm|shred|truncate)\b[^\n]{0,40}\.(?:bash|zsh|python|node_repl|psql|mysql)_history\b/g,
        /\bwevtutil(?:\.exe)?\s+(?:cl|clear-log)\b|\bClear-EventLog\b|\bClear-History\b/gi,
        /\b(?:shred|truncate\s+-s\s*0|rm\s+-\w*f\w*)\s+[^\n]{0,20}\/var\/log\b/g,
      ],
      quick: ["history", "histfile", "histsize", "wevtutil", "clear-eventlog", "/var/log"],
    },
  ),
];

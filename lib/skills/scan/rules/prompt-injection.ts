// Prompt injection: text that tries to take over the agent instead of teaching it a task. Isomorphic.

import { isQuotedAt } from "../context";
import { patternRule, type RuleDef } from "../rule";
import { flagNamedNotUsed } from "../severity";

const OVERRIDE = [
  /\b(?:ignore|disregard|forget|override|bypass|skip)\s+(?:all\s+|any\s+|each\s+|every\s+)?(?:of\s+)?(?:the\s+|your\s+|these\s+|those\s+|my\s+)?(?:previous|prior|above|earlier|preceding|original|initial|existing|system|safety|security|other)\s+(?:\w+\s+)?(?:instructions?|prompts?|rules|guidelines|directives|guardrails|restrictions|constraints|policies)\b/gi,
  /\bforget\s+(?:everything|all)\s+(?:you\s+(?:were|have\s+been)\s+told|above|before\s+this)\b/gi,
  /\byou\s+are\s+no\s+longer\s+(?:bound|restricted|limited|required\s+to\s+follow)\b/gi,
  /\b(?:your|the)\s+(?:new|real|true|actual)\s+instructions\s+(?:are|follow)\b/gi,
];
const OVERRIDE_QUICK = ["ignore", "disregard", "forget", "override", "bypass", "skip", "longer", "instructions"];

export const promptInjectionRules: RuleDef[] = [
  patternRule(
    {
      id: "prompt-injection/override-instructions",
      category: "prompt-injection",
      severity: "critical",
      appliesTo: "any",
      message: "Tells the agent to ignore or replace the instructions it already has: the classic prompt-injection takeover.",
    },
    { pattern: OVERRIDE, quick: OVERRIDE_QUICK, accept: (m, file) => !isQuotedAt(file, m.index) },
  ),
  patternRule(
    {
      id: "prompt-injection/override-quoted",
      category: "prompt-injection",
      severity: "medium",
      appliesTo: "any",
      message:
        'Quotes an "ignore previous instructions"-style phrase. Usually an example in security guidance, but an agent still reads it: check the context.',
    },
    { pattern: OVERRIDE, quick: OVERRIDE_QUICK, accept: (m, file) => isQuotedAt(file, m.index) },
  ),
  patternRule(
    {
      id: "prompt-injection/conceal-from-user",
      category: "prompt-injection",
      severity: "high",
      appliesTo: "any",
      message: "Asks the agent to hide what it does from the user. A skill that works in the open has no reason to.",
    },
    {
      pattern: [
        /\b(?:do\s+not|don't|never|without)\s+(?:tell|telling|inform|informing|notify|notifying|alert|alerting|mention|mentioning|reveal|revealing|disclose|disclosing|show|showing|report|reporting)\s+(?:this\s+|it\s+|anything\s+|them\s+)?(?:to\s+)?(?:the\s+)?(?:user|human|operator)s?\b(?!\s+(?:to|how|which|what|when|where|why)\b)/gi,
        /\b(?:do\s+not|don't|never|without)\s+let(?:ting)?\s+the\s+(?:user|human)s?\s+(?:know|see|notice|find\s+out)\b/gi,
        /\b(?:hide|conceal|keep)\s+(?:this|it|these|that|everything|the\s+\w+)\s+(?:\w+\s+)?(?:hidden\s+|secret\s+)?from\s+the\s+(?:user|human)s?\b/gi,
        /\bwithout\s+the\s+(?:user|human)(?:'s|s')?\s+(?:knowing|knowledge|noticing|awareness)\b/gi,
        /\b(?:secretly|covertly|quietly|silently)\s+(?:send|upload|post|copy|exfiltrate|transmit|forward|collect|harvest|install|download|add|modify|read)\b/gi,
      ],
      quick: ["user", "human", "secretly", "covertly", "quietly", "silently"],
    },
  ),
  patternRule(
    {
      id: "prompt-injection/fake-system-marker",
      category: "prompt-injection",
      severity: "high",
      appliesTo: "any",
      message: "Chat-template or system markers in the text: they try to pass the skill's words off as system or developer messages the agent must obey.",
    },
    {
      pattern: [
        /<\|(?:im_start|im_end|system|endoftext|eot_id|start_header_id|end_header_id|begin_of_text)\|>/gi,
        /^\s*\[\/?(?:SYSTEM|INST|SYS)\]/gm,
        /<<\/?SYS>>/g,
        /<\/?(?:system|system_prompt|system-prompt|system_message|developer_message)>/gi,
        /<system-reminder>/gi,
        /^\s*(?:#{1,6}\s*)?(?:SYSTEM|ADMIN|DEVELOPER)\s*(?:MESSAGE|PROMPT|OVERRIDE|NOTICE|INSTRUCTIONS?|UPDATE)?\s*:/gm,
        /\b(?:SYSTEM|ADMIN|DEVELOPER|SECURITY)\s+OVERRIDE\b/g,
        /\b(?:developer|god|dan|jailbreak)\s+mode\s+(?:enabled|activated|on)\b/gi,
      ],
      quick: [
        "<|",
        "[system]",
        "[/system]",
        "[inst]",
        "[/inst]",
        "[sys]",
        "[/sys]",
        "<<sys>>",
        "<</sys>>",
        "<system",
        "</system",
        "<developer_message",
        "</developer_message",
        "system",
        "admin",
        "developer",
        "mode enabled",
        "mode activated",
        "mode on",
      ],
      // a marker named in backticks or quotes is documentation about it, not an attempt to use it
      accept: (m, file) => !isQuotedAt(file, m.index),
    },
  ),
  patternRule(
    {
      id: "prompt-injection/reveal-system-prompt",
      category: "prompt-injection",
      severity: "high",
      appliesTo: "any",
      message: "Asks the agent to disclose its system prompt, hidden instructions or conversation: a first step to leaking them.",
    },
    {
      pattern: [
        /\b(?:reveal|print|output|show|repeat|display|dump|leak|disclose|echo|recite|send|share|paste|write\s+out)\s+(?:me\s+|us\s+)?(?:your|all\s+of\s+your|all\s+your)\s+(?:full\s+|entire\s+|complete\s+|hidden\s+|original\s+|initial\s+|exact\s+|verbatim\s+)?(?:system\s+prompt|system\s+message|system\s+instructions|initial\s+instructions|hidden\s+instructions|secret\s+instructions|instructions|developer\s+(?:message|instructions)|rules|guidelines|context\s+window)\b/gi,
        /\b(?:reveal|print|output|show|repeat|display|dump|leak|disclose|recite)\s+(?:me\s+|us\s+)?the\s+(?:hidden|secret|initial|original|confidential)\s+(?:system\s+prompt|system\s+message|instructions|prompt)\b/gi,
        /\brepeat\s+(?:the\s+|all\s+(?:of\s+)?the\s+)?(?:words|text|everything|instructions)\s+above\b/gi,
      ],
      quick: ["your", "hidden", "secret", "initial", "original", "confidential", "above"],
    },
  ),
  patternRule(
    {
      id: "prompt-injection/no-confirmation",
      category: "prompt-injection",
      severity: "medium",
      appliesTo: "any",
      message: "Tells the agent to act without asking the user first, removing the human check before consequential actions.",
    },
    {
      pattern: [
        /\bwithout\s+(?:asking|requesting|seeking|waiting\s+for|prompting\s+for|getting|requiring)\s+(?:the\s+user(?:'s)?\s+|for\s+(?:the\s+user(?:'s)?\s+)?)?(?:for\s+)?(?:any\s+)?(?:confirmation|permission|approval|consent)\b/gi,
        /\b(?:do\s+not|don't|never)\s+(?:ask|wait|prompt)\s+(?:the\s+user\s+)?(?:for\s+)?(?:any\s+)?(?:confirmation|permission|approval|consent)\b/gi,
        /\bskip\s+(?:all\s+|any\s+|the\s+)?(?:confirmations?|confirmation\s+prompts?|permission\s+(?:checks|prompts))\b/gi,
      ],
      quick: ["confirmation", "permission", "approval", "consent"],
    },
  ),
  {
    ...patternRule(
      {
        id: "prompt-injection/permission-bypass",
        category: "prompt-injection",
        severity: "high",
        appliesTo: "any",
        message:
          "Turns off the agent's permission prompts or sandbox (--dangerously-skip-permissions, --yolo, bypassPermissions): every later command then runs unchecked.",
      },
      {
        pattern: [
          /--dangerously-skip-permissions\b|--allow-dangerously-skip-permissions\b|--dangerously-bypass-approvals-and-sandbox\b/g,
          /(?<![\w-])--yolo\b/g,
          /--permission-mode[=\s]+["']?bypassPermissions\b/g,
          /["']?defaultMode["']?\s*[:=]\s*["']bypassPermissions["']/g,
          /\bapproval_policy\s*=\s*["']never["']|\bsandbox_mode\s*=\s*["']danger-full-access["']|--sandbox[=\s]+danger-full-access\b/g,
          /--(?:trust|allow)-all-tools\b/g,
        ],
        quick: ["dangerously", "--yolo", "bypasspermissions", "approval_policy", "danger-full-access", "all-tools"],
      },
    ),
    contextHook: flagNamedNotUsed,
  },
];

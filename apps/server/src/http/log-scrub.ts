/**
 * The last line of defence for secrets in logs: every log line passes through here before it is
 * written. Call sites already log no bodies or query strings; this catches what arrives inside
 * error objects — a provider that echoes our API key in its error message, a URL with `password=`
 * or `code=` in an exception, a bearer token in a stack.
 */

/** Configuration entries that hold secrets (their values are masked wherever they appear). */
const SECRET_SETTING = /(SECRET|API_KEY|PRIVATE_KEY|ACCESS_KEY|API_V3|PASSWORD|^WECHAT_TOKEN$)/;

/** Query-string or form parameters whose values are secrets. */
const SECRET_PARAM =
  /((?:^|[?&\s"'(])(?:password|passwd|pwd|code|sms_code|token|access_token|refresh_token|api[_-]?key|apikey|secret|client_secret|sign|signature)=)[^&\s"'\\)]+/gi;
/** JSON fields whose values are secrets (bodies or objects that reach a log inside an error). */
const SECRET_FIELD =
  /("(?:password|newPassword|oldPassword|access_token|refresh_token|apiKey|api_key|client_secret|secret|authorization|blade-auth)"\s*:\s*")(?:[^"\\]|\\.)*"/gi;
const BEARER = /\b(bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi;
const OPENAI_KEY = /\bsk-[A-Za-z0-9_-]{8,}/g;
/** What every match of the four patterns above contains (a line without any of it is left as it is). */
const MAY_HOLD_SECRET =
  /=|bearer|sk-|"(?:password|newPassword|oldPassword|access_token|refresh_token|apiKey|api_key|client_secret|secret|authorization|blade-auth)"/i;

export function secretsOf(config: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(config)) {
    if (!SECRET_SETTING.test(k) || typeof v !== 'string' || v.length < 6) continue;
    out.push(v);
    // As it appears inside a JSON log line (a PEM key's newlines become \n).
    const escaped = JSON.stringify(v).slice(1, -1);
    if (escaped !== v) out.push(escaped);
  }
  // Longest first, so that a secret containing another is masked whole.
  return out.sort((a, b) => b.length - a.length);
}

/** A function that masks the given secret values and the usual secret shapes in a log line. */
export function secretScrubber(secrets: readonly string[]): (line: string) => string {
  return (line) => {
    let out = line;
    for (const s of secrets) if (out.includes(s)) out = out.split(s).join('***');
    // One scan instead of four replaces for the usual line (one per API call), which has none of
    // what the patterns below need: an '=', 'bearer', 'sk-' or one of the secret fields' names.
    if (!MAY_HOLD_SECRET.test(out)) return out;
    return out
      .replace(SECRET_PARAM, '$1***')
      .replace(SECRET_FIELD, '$1***"')
      .replace(BEARER, '$1***')
      .replace(OPENAI_KEY, 'sk-***');
  };
}

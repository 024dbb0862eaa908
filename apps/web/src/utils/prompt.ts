import { MSG } from '@bid/shared';

/**
 * Validation of prompt dialogs (SPEC section 5: "prompt dialogs support a pattern and a custom
 * validator with an error message"). Pure, so the dialog and its tests share one rule set.
 */
export interface PromptRules {
  /** The value must match; a global/sticky regex is reset before each test. */
  pattern?: RegExp;
  /** Shown when the pattern does not match (or the validator answers false). */
  patternMessage?: string;
  /** true (or nothing) when valid; a string is the error to show; false uses patternMessage. */
  validator?: (value: string) => string | boolean | void;
}

/** The error message to show, or null when the value is acceptable. */
export function validatePromptValue(value: string, rules: PromptRules): string | null {
  const fallback = rules.patternMessage || MSG.promptInvalid;
  if (rules.pattern) {
    rules.pattern.lastIndex = 0;
    if (!rules.pattern.test(value)) return fallback;
  }
  if (rules.validator) {
    const verdict = rules.validator(value);
    if (typeof verdict === 'string') return verdict || fallback;
    if (verdict === false) return fallback;
  }
  return null;
}

/** State of one open prompt: what is typed and the current error, observable by the dialog body. */
export class PromptState {
  value: string;
  error: string | null = null;
  private listeners = new Set<() => void>();
  private version = 0;

  constructor(initialValue = '') {
    this.value = initialValue;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  setValue(value: string): void {
    this.value = value;
    // Typing clears a stale error; the next submit re-validates.
    this.error = null;
    this.emit();
  }

  setError(error: string | null): void {
    this.error = error;
    this.emit();
  }

  private emit(): void {
    this.version += 1;
    for (const l of this.listeners) l();
  }
}

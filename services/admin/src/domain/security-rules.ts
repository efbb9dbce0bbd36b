import type { SecurityLogType, SecuritySeverity } from '@mer/contracts';

/**
 * The severity of each security log type. The spec names two (spec 001 section 8: suspicious_script_injection
 * critical, iframe_injection_detected high); the others are MER's choice: what an attacker does (blocked
 * elements, hostile input, a reused refresh token) is higher than what any curious member does (devtools, right
 * click), and page visibility is only context for the others. A browser never chooses its own severity.
 */
export const SEVERITY_OF: Record<SecurityLogType, SecuritySeverity> = {
  suspicious_script_injection: 'critical',
  iframe_injection_detected: 'high',
  refresh_token_reuse: 'high',
  suspicious_element_blocked: 'medium',
  suspicious_input_detected: 'medium',
  content_completely_stripped: 'medium',
  sanitization_error: 'medium',
  object_field_sanitized: 'low',
  devtools_opened: 'medium',
  dev_shortcut_attempted: 'medium',
  right_click_detected: 'low',
  page_hidden: 'low',
  page_visible: 'low',
  page_unload: 'low',
  session_expired: 'low',
  session_timeout: 'low',
};

/** One line for the log when the browser sent none. */
export const DEFAULT_DESCRIPTION: Record<SecurityLogType, string> = {
  suspicious_script_injection: 'Script injection attempt',
  iframe_injection_detected: 'Iframe injection attempt',
  refresh_token_reuse: 'A refresh token was used twice: the session family was ended',
  suspicious_element_blocked: 'A suspicious element was blocked in the page',
  suspicious_input_detected: 'Suspicious input was detected',
  content_completely_stripped: 'All content was stripped during sanitization',
  sanitization_error: 'Sanitization process failed',
  object_field_sanitized: 'An object field was sanitized',
  devtools_opened: 'Developer tools were opened',
  dev_shortcut_attempted: 'A developer tools shortcut was pressed',
  right_click_detected: 'Right click on the page',
  page_hidden: 'The page was hidden',
  page_visible: 'The page became visible',
  page_unload: 'The page was closed',
  session_expired: 'The session expired',
  session_timeout: 'Session expired due to inactivity',
};

/** Browser batches one session may send per window (rate limit per session, not per IP). */
export const BROWSER_BATCHES_PER_WINDOW = 30;
export const BROWSER_BATCH_WINDOW_MS = 60_000;

import { PASSWORD_MIN, RESERVED_USERNAMES, USERNAME_MAX, USERNAME_MIN } from '@mer/contracts';

/** Sign-up texts of spec 000 section 5 (the same wording identity answers with). */
export const SignupTexts = {
  invitationRequired: 'Please enter an invitation code',
  invitationInvalid: 'Invalid invitation code',
  invitationTransport: 'Failed to validate code. Please try again.',
  waitingListMissing: {
    title: 'Missing Information',
    message: 'Please provide both your name and email address.',
  },
  invalidEmail: { title: 'Invalid Email', message: 'Please enter a valid email address.' },
  fullNameHint: 'Please enter your full name (first and last name)',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  passwordTooShort: 'Password too short',
  passwordsDoNotMatch: 'Passwords do not match',
  missingFields: 'Missing fields',
  usernameTaken: 'This username is already taken',
  usernameUnverifiable: 'Unable to verify username availability',
} as const;

export const UsernameTexts = {
  required: 'Please choose a username',
  tooShort: `Username must be at least ${USERNAME_MIN} characters`,
  // The spec's wording says "less than 30" while exactly 30 is accepted; identity says the same.
  tooLong: `Username must be less than ${USERNAME_MAX} characters`,
  badCharacters: 'Username can only contain letters, numbers, underscores and hyphens',
  reserved: 'This username is reserved',
} as const;

const USERNAME_CHARACTERS = /^[A-Za-z0-9_-]+$/;
const RESERVED = new Set<string>(RESERVED_USERNAMES);

export function normaliseInvitationCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** Usernames are stored lower-cased. */
export function normaliseUsername(raw: string): string {
  return raw.trim().toLowerCase();
}

/** What is wrong with a username before asking the server whether it is free (undefined: nothing). */
export function usernameProblem(raw: string): string | undefined {
  const username = normaliseUsername(raw);
  if (!username) return UsernameTexts.required;
  if (username.length < USERNAME_MIN) return UsernameTexts.tooShort;
  if (username.length > USERNAME_MAX) return UsernameTexts.tooLong;
  if (!USERNAME_CHARACTERS.test(username)) return UsernameTexts.badCharacters;
  if (RESERVED.has(username)) return UsernameTexts.reserved;
  return undefined;
}

/** Spec: a full name has two or more words of at least 2 characters each (otherwise a hint, not an error). */
export function isFullName(raw: string): boolean {
  const words = raw.trim().split(/\s+/).filter(Boolean);
  return words.length >= 2 && words.every((w) => [...w].length >= 2);
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/u;
export function looksLikeEmail(raw: string): boolean {
  const email = raw.trim();
  return email.length <= 254 && EMAIL.test(email);
}

export function passwordProblem(password: string): string | undefined {
  return [...password].length < PASSWORD_MIN ? SignupTexts.passwordTooShort : undefined;
}

export type UsernameAvailability = 'unchecked' | 'checking' | 'available' | 'taken' | 'unverifiable';

export interface CreateAccountForm {
  invitationCode: string;
  name: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type CreateAccountErrors = Partial<Record<keyof CreateAccountForm, string>>;

/** Every problem of the create-account step; the button is enabled only when there is none. */
export function createAccountProblems(
  form: CreateAccountForm,
  availability: UsernameAvailability,
): CreateAccountErrors {
  const errors: CreateAccountErrors = {};
  if (!normaliseInvitationCode(form.invitationCode)) errors.invitationCode = SignupTexts.invitationRequired;
  if (!form.name.trim()) errors.name = SignupTexts.nameRequired;
  const username = usernameProblem(form.username);
  if (username) errors.username = username;
  else if (availability === 'taken') errors.username = SignupTexts.usernameTaken;
  else if (availability === 'unverifiable') errors.username = SignupTexts.usernameUnverifiable;
  if (!form.email.trim()) errors.email = SignupTexts.emailRequired;
  else if (!looksLikeEmail(form.email)) errors.email = SignupTexts.invalidEmail.message;
  const password = passwordProblem(form.password);
  if (!form.password) errors.password = SignupTexts.missingFields;
  else if (password) errors.password = password;
  if (!form.confirmPassword) errors.confirmPassword = SignupTexts.missingFields;
  else if (form.confirmPassword !== form.password) errors.confirmPassword = SignupTexts.passwordsDoNotMatch;
  return errors;
}

/**
 * The problems to show under the fields now: a field's problem once it was left or the form was submitted, and
 * 'Passwords do not match' as soon as both password fields are filled (issue 13: on a phone nothing is "left"
 * before the disabled button is tapped, so waiting for blur explained nothing).
 */
export function visibleCreateAccountProblems(
  problems: CreateAccountErrors,
  form: Pick<CreateAccountForm, 'password' | 'confirmPassword'>,
  touched: Partial<Record<keyof CreateAccountForm, boolean>>,
  submitted: boolean,
): CreateAccountErrors {
  const visible: CreateAccountErrors = {};
  for (const [field, problem] of Object.entries(problems) as Array<[keyof CreateAccountForm, string]>) {
    if (touched[field] || submitted) visible[field] = problem;
  }
  if (form.password && form.confirmPassword && form.password !== form.confirmPassword)
    visible.confirmPassword = SignupTexts.passwordsDoNotMatch;
  return visible;
}

export function canCreateAccount(form: CreateAccountForm, availability: UsernameAvailability): boolean {
  return Object.keys(createAccountProblems(form, availability)).length === 0 && availability === 'available';
}

/** Login and reset texts of spec 000 section 8. */
export const LoginTexts = {
  missing: {
    title: 'Missing information',
    message: 'Please enter your email or username and your password.',
  },
  failed: 'Login failed',
  incorrect: 'Incorrect login details. Please check your email/username and password.',
  invalidCredentials: 'Invalid credentials',
  welcomeBack: 'Welcome back!',
  generic: { title: 'An error occurred', message: 'Please try again later.' },
  userNotFound: { title: 'User not found', message: 'No account found with that username.' },
  resetIdentifierMissing: { title: 'Invalid input', message: 'Please enter your email or username.' },
} as const;

/** Spec: 'Login failed' says 'Incorrect login details…' when the provider message includes invalid, wrong or incorrect. */
export function loginFailureMessage(providerMessage: string | undefined): string {
  if (providerMessage && /invalid|wrong|incorrect/i.test(providerMessage)) return LoginTexts.incorrect;
  return providerMessage || LoginTexts.invalidCredentials;
}

export const ResetTexts = {
  missing: { title: 'Missing information', message: 'Please enter and confirm your new password.' },
  mismatch: { title: "Passwords don't match", message: 'Please make sure both passwords are the same.' },
  tooShort: { title: 'Password too short', message: 'Password must be at least 6 characters long.' },
  invalidLink: { title: 'Invalid or expired link', message: 'Please request a new password reset link.' },
  updated: {
    title: 'Password updated',
    message: 'Your password has been successfully updated. You can now log in with your new password.',
  },
} as const;

/** The reset form's checks in the spec's order: both given, equal, long enough. */
export function resetPasswordProblem(
  password: string,
  confirmation: string,
): { title: string; message: string } | undefined {
  if (!password || !confirmation) return ResetTexts.missing;
  if (password !== confirmation) return ResetTexts.mismatch;
  if (passwordProblem(password)) return ResetTexts.tooShort;
  return undefined;
}

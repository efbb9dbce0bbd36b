import { describe, expect, it } from 'vitest';
import {
  visibleCreateAccountProblems,
  UsernameTexts,
  canCreateAccount,
  createAccountProblems,
  isFullName,
  loginFailureMessage,
  normaliseInvitationCode,
  resetPasswordProblem,
  usernameProblem,
} from './signup-rules.ts';
import { readResetToken } from './reset-token.ts';
import { signupHandlerStep } from './signup-handler.ts';

describe('sign-up rules (spec 000 section 5)', () => {
  it('upper-cases invitation codes', () => {
    expect(normaliseInvitationCode('  lotus7k2 ')).toBe('LOTUS7K2');
  });

  it('checks usernames: length 3 to 30, characters, reserved names', () => {
    expect(usernameProblem('')).toBe(UsernameTexts.required);
    expect(usernameProblem('ab')).toBe(UsernameTexts.tooShort);
    expect(usernameProblem('a'.repeat(30))).toBeUndefined();
    expect(usernameProblem('a'.repeat(31))).toBe(UsernameTexts.tooLong);
    expect(usernameProblem('no spaces')).toBe(UsernameTexts.badCharacters);
    expect(usernameProblem('émile')).toBe(UsernameTexts.badCharacters);
    for (const reserved of [
      'admin',
      'Administrator',
      'root',
      'system',
      'api',
      'www',
      'mail',
      'ftp',
      'support',
      'help',
      'info',
      'MER',
    ]) {
      expect(usernameProblem(reserved)).toBe(UsernameTexts.reserved);
    }
    expect(usernameProblem('river_stone-7')).toBeUndefined();
  });

  it('counts a full name as two or more words of at least two characters', () => {
    expect(isFullName('River')).toBe(false);
    expect(isFullName('River S')).toBe(false);
    expect(isFullName('River Stone')).toBe(true);
  });

  it('enables Create account only when every field is valid and the username is available', () => {
    const form = {
      invitationCode: 'LOTUS7K2',
      name: 'River Stone',
      username: 'river',
      email: 'river@example.org',
      password: 'secret1',
      confirmPassword: 'secret1',
    };
    expect(canCreateAccount(form, 'available')).toBe(true);
    expect(canCreateAccount(form, 'checking')).toBe(false);
    expect(createAccountProblems(form, 'taken').username).toBe('This username is already taken');
    expect(createAccountProblems(form, 'unverifiable').username).toBe(
      'Unable to verify username availability',
    );
    expect(
      createAccountProblems({ ...form, password: '12345', confirmPassword: '12345' }, 'available').password,
    ).toBe('Password too short');
    expect(createAccountProblems({ ...form, confirmPassword: 'other' }, 'available').confirmPassword).toBe(
      'Passwords do not match',
    );
    expect(createAccountProblems({ ...form, email: 'river@' }, 'available').email).toBe(
      'Please enter a valid email address.',
    );
    expect(createAccountProblems({ ...form, invitationCode: '' }, 'available').invitationCode).toBe(
      'Please enter an invitation code',
    );
  });

  it("words 'Login failed' as the spec says", () => {
    expect(loginFailureMessage('Invalid login credentials')).toBe(
      'Incorrect login details. Please check your email/username and password.',
    );
    expect(loginFailureMessage('Account locked')).toBe('Account locked');
    expect(loginFailureMessage(undefined)).toBe('Invalid credentials');
  });

  it('checks the reset form in order: both given, equal, long enough', () => {
    expect(resetPasswordProblem('', 'x')?.title).toBe('Missing information');
    expect(resetPasswordProblem('abcdef', 'abcdeg')?.title).toBe("Passwords don't match");
    expect(resetPasswordProblem('abc', 'abc')?.title).toBe('Password too short');
    expect(resetPasswordProblem('abcdef', 'abcdef')).toBeUndefined();
  });

  it('reads the reset token from the link fragment', () => {
    expect(readResetToken('#token=abc123')).toBe('abc123');
    expect(readResetToken('')).toBeNull();
  });
});

describe('signup handler (spec 000 section 4)', () => {
  const base = {
    signedIn: true,
    loading: false,
    profile: { onboardingCompleted: false },
    membershipActive: false,
  };
  it('routes by session, profile and membership', () => {
    expect(signupHandlerStep({ ...base, signedIn: false })).toBe('login');
    expect(signupHandlerStep({ ...base, profile: { onboardingCompleted: true } })).toBe('community');
    expect(signupHandlerStep({ ...base, membershipActive: true })).toBe('onboarding');
    expect(signupHandlerStep(base)).toBe('choose-membership');
    expect(signupHandlerStep({ ...base, loading: true })).toBe('wait');
  });

  it('waits after payment=success until the membership is active, then goes on', () => {
    expect(signupHandlerStep({ ...base, awaitingPayment: true })).toBe('confirming-payment');
    expect(signupHandlerStep({ ...base, awaitingPayment: true, membershipActive: true })).toBe('onboarding');
    expect(signupHandlerStep({ ...base, awaitingPayment: true, paymentWaitOver: true })).toBe(
      'choose-membership',
    );
  });
});

describe('which sign-up problems show inline (issue 13 item 14)', () => {
  const form = {
    invitationCode: 'ABCD2345',
    name: 'River Stone',
    username: 'river',
    email: 'river@example.org',
    password: 'lotus-flower',
    confirmPassword: 'lotus-flowe',
  };

  it("shows 'Passwords do not match' as soon as both fields are filled, without leaving the field", () => {
    const problems = createAccountProblems(form, 'available');
    expect(visibleCreateAccountProblems(problems, form, {}, false)).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('shows nothing while the confirmation is still empty, and nothing once they match', () => {
    const empty = { ...form, confirmPassword: '' };
    expect(visibleCreateAccountProblems(createAccountProblems(empty, 'available'), empty, {}, false)).toEqual(
      {},
    );
    const same = { ...form, confirmPassword: form.password };
    expect(visibleCreateAccountProblems(createAccountProblems(same, 'available'), same, {}, false)).toEqual(
      {},
    );
  });

  it('other problems wait until their field was left or the form submitted', () => {
    const blank = { ...form, email: '', confirmPassword: form.password };
    const problems = createAccountProblems(blank, 'available');
    expect(visibleCreateAccountProblems(problems, blank, {}, false)).toEqual({});
    expect(visibleCreateAccountProblems(problems, blank, { email: true }, false)).toEqual({
      email: 'Email is required',
    });
    expect(visibleCreateAccountProblems(problems, blank, {}, true)).toEqual({ email: 'Email is required' });
  });
});

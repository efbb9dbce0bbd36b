import { describe, expect, it } from 'vitest';
import type { Attendance } from '@mer/contracts';
import { goingLabel, myStatusLabel, spotsLabel } from './attendance.ts';

const base: Attendance = {
  capacity: 2,
  goingCount: 2,
  waitlistCount: 1,
  spotsLeft: 0,
  myStatus: 'waitlisted',
  myWaitlistPosition: 1,
};

describe('attendance in words', () => {
  it('says the spots left, the waitlist and the member’s place in it', () => {
    expect(spotsLabel(base)).toBe('Full: you can join the waitlist');
    expect(spotsLabel({ ...base, spotsLeft: 1 })).toBe('1 spot left');
    expect(spotsLabel({ ...base, spotsLeft: 5 })).toBe('5 spots left');
    expect(spotsLabel({ ...base, capacity: null, spotsLeft: null })).toBe(
      'Open to everyone: no limit on spots',
    );
    expect(myStatusLabel(base)).toBe("You're on the waitlist: number 1");
    expect(myStatusLabel({ ...base, myStatus: 'going', myWaitlistPosition: null })).toBe("You're going");
    expect(myStatusLabel({ ...base, myStatus: 'none', myWaitlistPosition: null })).toBeNull();
    expect(goingLabel(base)).toBe('2 going · 1 on the waitlist');
    expect(goingLabel({ ...base, waitlistCount: 0 })).toBe('2 going');
  });
});

import type { Attendance } from '@mer/contracts';

/** "3 spots left", "Full: join the waitlist", "Unlimited spots". */
export function spotsLabel(attendance: Attendance): string {
  if (attendance.spotsLeft === null) return 'Open to everyone: no limit on spots';
  if (attendance.spotsLeft === 0) return 'Full: you can join the waitlist';
  return attendance.spotsLeft === 1 ? '1 spot left' : `${attendance.spotsLeft} spots left`;
}

/** What the member's own answer is, in words. */
export function myStatusLabel(attendance: Attendance): string | null {
  switch (attendance.myStatus) {
    case 'going':
      return "You're going";
    case 'waitlisted':
      return attendance.myWaitlistPosition
        ? `You're on the waitlist: number ${attendance.myWaitlistPosition}`
        : "You're on the waitlist";
    case 'not_going':
      return "You're not going";
    default:
      return null;
  }
}

/** "12 going · 3 on the waitlist". */
export function goingLabel(attendance: Attendance): string {
  const going = `${attendance.goingCount} going`;
  return attendance.waitlistCount > 0 ? `${going} · ${attendance.waitlistCount} on the waitlist` : going;
}

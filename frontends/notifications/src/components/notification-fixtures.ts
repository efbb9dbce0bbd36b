import type { Me, Notification } from '@mer/contracts';

/** Test data for the component tests: a member and notifications with every field of the contract. */
export const member = {
  id: '00000000-0000-4000-8000-00000000000a',
  username: 'alma',
  name: 'Alma Rio',
  email: 'alma@example.com',
} as Me;

let counter = 0;
export function notification(overrides: Partial<Notification> = {}): Notification {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  const at = new Date(Date.now() - counter * 60_000).toISOString();
  return {
    id,
    type: 'system',
    title: `Notice ${counter}`,
    message: 'Something happened.',
    read: false,
    createdAt: at,
    updatedAt: at,
    userId: member.id,
    connectionRequestId: null,
    senderUserId: null,
    senderName: null,
    senderAvatarUrl: null,
    metadata: {},
    priority: 1,
    priorityLabel: 'Normal',
    actionUrl: '/notifications',
    contentPreview: null,
    isGrouped: false,
    groupKey: null,
    aggregatedData: [],
    lastReactorId: null,
    lastReactorName: null,
    totalReactors: 1,
    reactionType: null,
    ...overrides,
  };
}

import { describe, expect, it } from 'vitest';
import type { NotificationType } from '@mer/contracts';
import { clickTarget, drawerGroupOf, groupForDrawer, priorityLabel } from './notification-kinds.ts';

describe('the drawer groups (spec 001 section 2)', () => {
  it('puts requests, messages and photo tags in their groups and everything else under Other', () => {
    expect(drawerGroupOf('connection_request')).toBe('Connection Requests');
    expect(drawerGroupOf('connection_accepted')).toBe('Connection Requests');
    expect(drawerGroupOf('message')).toBe('Messages');
    expect(drawerGroupOf('photo_tag')).toBe('Photo Tags');
    for (const type of ['aggregated_reaction', 'post_comment', 'mention', 'event', 'system'] as const)
      expect(drawerGroupOf(type)).toBe('Other');
  });

  it('lists the groups in the spec order, leaving empty ones out', () => {
    const items: Array<{ id: string; type: NotificationType }> = [
      { id: '1', type: 'aggregated_reaction' },
      { id: '2', type: 'message' },
      { id: '3', type: 'connection_request' },
      { id: '4', type: 'message' },
    ];
    expect(groupForDrawer(items).map((s) => [s.group, s.items.map((i) => i.id)])).toEqual([
      ['Connection Requests', ['3']],
      ['Messages', ['2', '4']],
      ['Other', ['1']],
    ]);
  });
});

describe('priority labels (spec 001 section 9)', () => {
  it('reads 3 or more as Urgent, 2 as Important, else Normal', () => {
    expect(priorityLabel(5)).toBe('Urgent');
    expect(priorityLabel(3)).toBe('Urgent');
    expect(priorityLabel(2)).toBe('Important');
    expect(priorityLabel(1)).toBe('Normal');
  });
});

describe('click targets', () => {
  it("follows the service's path on MER", () => {
    expect(clickTarget('/messages/7f0c')).toBe('/messages/7f0c');
    expect(clickTarget('/my-profile?tab=photos&photo=p1')).toBe('/my-profile?tab=photos&photo=p1');
  });
  it('opens the same page here for a link to the production site', () => {
    expect(clickTarget('https://mer.example/community/post/p1#c2')).toBe('/community/post/p1#c2');
  });
  it('never leaves MER: anything else goes to /notifications', () => {
    expect(clickTarget(null)).toBe('/notifications');
    expect(clickTarget('')).toBe('/notifications');
    expect(clickTarget('//evil.example/x')).toBe('/notifications');
    expect(clickTarget('javascript:alert(1)')).toBe('/notifications');
  });
});

import { describe, expect, it } from 'vitest';
import {
  actionUrlFor,
  allowsNotification,
  allowsNotificationEmail,
  allowsPush,
  effectivePreferences,
  priorityLabel,
  reactionMessage,
} from './notification-rules.ts';

describe('click targets (spec 001 section 2)', () => {
  it('follow the table', () => {
    expect(actionUrlFor('connection_request', { metadata: {} })).toBe('/connections?tab=requests');
    expect(actionUrlFor('connection_accepted', { senderUserId: 'u1', metadata: {} })).toBe('/profile/u1');
    expect(actionUrlFor('message', { metadata: { conversation_id: 'c1' } })).toBe('/messages/c1');
    expect(actionUrlFor('message', { metadata: {} })).toBe('/messages');
    expect(actionUrlFor('post_reaction', { metadata: { post_id: 'p1' } })).toBe('/community/post/p1');
    expect(actionUrlFor('aggregated_reaction', { metadata: { post_id: 'p1' } })).toBe('/community/post/p1');
    expect(
      actionUrlFor('post_comment', { metadata: { post_id: 'p1', post_type: 'circle', circle_id: 'c9' } }),
    ).toBe('/circles/c9/forum/p1');
    expect(actionUrlFor('photo_tag', { metadata: { photo_id: 'ph' } })).toBe(
      '/my-profile?tab=photos&photo=ph',
    );
    expect(actionUrlFor('photo_tag', { metadata: {} })).toBe('/photos');
    expect(actionUrlFor('circle_update', { metadata: { circle_id: 'c1' } })).toBe('/circles/c1');
    expect(actionUrlFor('circle_invitation', { metadata: {} })).toBe('/circles');
    expect(actionUrlFor('event_reminder', { metadata: { event_id: 'e1' } })).toBe('/events/e1');
    expect(actionUrlFor('event', { metadata: {} })).toBe('/events');
    expect(actionUrlFor('event', { metadata: { circle_id: 'c1' } })).toBe('/circles/c1');
    expect(actionUrlFor('system', { metadata: { discussion_id: 'd1' } })).toBe('/discussions/d1');
    expect(actionUrlFor('system', { metadata: {} })).toBe('/notifications');
  });
});

describe('preferences', () => {
  it('default to all on, and a stored false turns one off', () => {
    const prefs = effectivePreferences({ messages: false, bogus: 1 } as never);
    expect(prefs.mentions).toBe(true);
    expect(allowsNotification(prefs, 'message')).toBe(false);
    expect(allowsNotification(prefs, 'mention')).toBe(true);
  });
  it('e-mail needs email_notifications and the type, and never for connection requests or acceptances', () => {
    const all = effectivePreferences(null);
    expect(allowsNotificationEmail(all, 'mention')).toBe(true);
    expect(allowsNotificationEmail(all, 'connection_request')).toBe(false);
    expect(allowsNotificationEmail(all, 'connection_accepted')).toBe(false);
    expect(allowsNotificationEmail({ ...all, email_notifications: false }, 'mention')).toBe(false);
    expect(allowsNotificationEmail({ ...all, post_comments: false }, 'post_comment')).toBe(false);
  });
  it('push only for messages, mentions, connection requests and event reminders, when allowed', () => {
    const all = effectivePreferences(null);
    expect(allowsPush(all, 'message')).toBe(true);
    expect(allowsPush(all, 'post_reaction')).toBe(false);
    expect(allowsPush({ ...all, push_notifications: false }, 'message')).toBe(false);
  });
});

describe('wording', () => {
  it('priority labels: 3 or more Urgent, 2 Important, else Normal', () => {
    expect([priorityLabel(4), priorityLabel(3), priorityLabel(2), priorityLabel(1)]).toEqual([
      'Urgent',
      'Urgent',
      'Important',
      'Normal',
    ]);
  });
  it('aggregated reactions name the last reactor', () => {
    expect(reactionMessage('Mira', 1)).toBe('Mira reacted to your post');
    expect(reactionMessage('Mira', 2)).toBe('Mira and 1 other reacted to your post');
    expect(reactionMessage('Mira', 5)).toBe('Mira and 4 others reacted to your post');
  });
});

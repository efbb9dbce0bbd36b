-- Reports from events-circles (circles, events, circle posts) and messaging (messages) join the queue (issue 20),
-- with what was reported.

alter table moderation_items drop constraint moderation_items_target_type_check;
alter table moderation_items
  add constraint moderation_items_target_type_check
  check (target_type in ('post', 'comment', 'photo', 'member', 'circle', 'event', 'circle_post', 'message'));

-- What was reported as its service sent it (a circle's name, an event's title, a post's opening); null when none.
alter table moderation_items add column context text;

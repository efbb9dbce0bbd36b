-- Reports of discussions and replies, in the feed and in circles' forums, join the queue (issue 20), with where
-- the item lives so the queue names its circle and links its page. Never edit once run.

alter table moderation_items drop constraint moderation_items_target_type_check;
alter table moderation_items
  add constraint moderation_items_target_type_check
  check (target_type in ('post', 'comment', 'photo', 'member', 'circle', 'event', 'circle_post', 'message',
                         'discussion', 'discussion_reply', 'circle_discussion', 'circle_discussion_reply'));

-- { circleId, circleName, discussionId } as the owner sent it (each optional); null when it sent none.
alter table moderation_items add column place jsonb;

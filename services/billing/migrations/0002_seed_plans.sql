-- The two plans of a fresh install (spec: a basic plan and InnerCircle Membership with early-bird
-- pricing and no ads). Admins change them through the admin routes afterwards.
insert into membership_types
  (id, name, description, price_cents, billing_cycle, features, display_order, early_bird_price_cents, early_bird_ends_at)
values
  ('6f1d2c3a-8b4e-4f7a-9c1d-2e3f4a5b6c01', 'Community Membership',
   'Everything you need to find your people and grow your practice together.',
   1200, 'monthly',
   '["Join circles for meditation, breathwork, yoga and more", "Attend community events and local meetups", "Connect and message with like-minded members", "Share and discuss in the community feed", "Your profile with astrology and Human Design insights"]'::jsonb,
   1, null, null),
  ('6f1d2c3a-8b4e-4f7a-9c1d-2e3f4a5b6c02', 'InnerCircle Membership',
   'The deepest way to be part of MER: intimate gatherings, mentors and an ad-free space.',
   2900, 'monthly',
   '["Everything in Community Membership", "No ads, ever: a calm, distraction-free space", "InnerCircle badge on your profile", "Monthly live sessions with facilitators and healers", "Early access to retreats and limited-seat events", "Private InnerCircle circles and mentor support"]'::jsonb,
   2, 1900, '2027-03-31T23:59:59Z');

/** The Community Guidelines & Terms of Service shown in step 5 (spec: seven sections). */
export const TERMS_UPDATED = '23 November 2026';

/** A section's paragraphs; `list` sections show them as bullet points (the prohibited activities). */
export const TERMS_SECTIONS: ReadonlyArray<{ title: string; paragraphs: readonly string[]; list?: boolean }> =
  [
    {
      title: '1. Community guidelines',
      paragraphs: [
        'MER is a home for people who meditate, move, pray, heal, wonder and grow. Whatever your path, you are welcome here, and so is everyone else. We ask you to meet every member the way you would like to be met: with kindness, curiosity and respect.',
        'Share from your own experience rather than telling others what they should believe or practise. Disagreement is fine; contempt is not. Many traditions live side by side in this community, and none of them is up for mockery.',
        'Protect what is shared in trust. What someone tells you in a circle, a conversation or a private message stays there unless they say otherwise. Ask before you photograph or record anyone at an event.',
        'Offer help, not pressure. You may mention your own courses, sessions or services where a circle invites it, but please do not send unsolicited offers, and never present spiritual or wellness practices as a substitute for medical or psychological care.',
      ],
    },
    {
      title: '2. Terms of service',
      paragraphs: [
        'MER is a members-only community. Your account is personal: keep your password to yourself, give true information about who you are, and use a photo that shows you. You must be at least 18 years old to join.',
        'Your membership gives you access to the community for as long as it is active. Prices, billing cycles and what each plan includes are shown before you subscribe; you can cancel at any time and keep access until the end of the period you paid for.',
        'What you post remains yours. By posting it you allow MER to show it to the members who are meant to see it, and to keep the copies needed to run the service. You are responsible for having the right to share what you post.',
        'We work hard to keep MER available and safe, but we provide it as it is. We may change features or these terms; when a change matters to you, we will tell you in advance and ask for your agreement where the law requires it.',
      ],
    },
    {
      title: '3. Data protection and privacy',
      paragraphs: [
        'We collect only what the community needs: your account details, your profile, what you choose to share, and the technical data that keeps the service secure. Your birth details are optional and are only shown to others if you decide so in your privacy settings.',
        'Your data is stored on infrastructure we operate and is never sold. Payment details are handled by our payment provider and never reach our servers. Location searches use our own city list, so your searches do not leave MER.',
        'You can see, correct and download your data, change what others can see, and delete your account at any time from Account Settings. Deleting your account removes your profile, photos and personal data from every part of MER, except what the law obliges us to keep (such as invoices).',
      ],
    },
    {
      title: '4. How we use machine learning',
      paragraphs: [
        'MER suggests events, circles and people you might connect with. These suggestions come from models that run on our own servers, using the practices, interests, languages, location and (if you share them) cosmic details in your profile, together with how you use the community.',
        'Your data is never shared with outside AI providers, and it is never used to train anyone else’s models. The check that your profile photo shows a face also runs on our own servers, and the photo is not kept for any other purpose.',
        'Suggestions are only suggestions: they never decide on your membership, and you can tell us when one does not fit.',
      ],
    },
    {
      title: '5. Events, meetups and your wellbeing',
      paragraphs: [
        'Many events are organised by members and facilitators, not by MER. The organiser is responsible for the event, its location and what happens there. Read the description, and ask the organiser if anything is unclear before you go.',
        'You take part in events, practices and retreats at your own risk and in line with your own health. Listen to your body, tell facilitators about anything relevant, and stop whenever something does not feel right. MER is not liable for injury, loss or damage at events it does not run itself, except where the law says otherwise.',
        'When you meet someone for the first time, choose a public place, tell a friend where you are going, and trust your instincts.',
      ],
    },
    {
      title: '6. Prohibited activities',
      list: true,
      paragraphs: [
        'Harassment, hate speech, threats, discrimination and bullying, in public or in private messages.',
        'Sexual content, unwanted advances, or any content involving minors.',
        'Spam, pyramid schemes, aggressive selling, and collecting members’ contact details for marketing.',
        'Promising cures, discouraging anyone from medical treatment, or selling unsafe substances or practices.',
        'Impersonating others, creating fake accounts, sharing your account, or scraping, hacking or overloading the service.',
        'Sharing someone else’s private information, photos or words without their consent.',
      ],
    },
    {
      title: '7. Enforcement',
      paragraphs: [
        'If something here is not respected, please report it from the post, profile or message concerned. Reports are confidential and are reviewed by people, not only by machines.',
        'Depending on what happened, we may remind you of these guidelines, remove content, limit what you can do, or suspend or close your account. Serious harm or illegal activity leads to immediate removal and, where needed, a report to the authorities.',
        'If you think we got a decision wrong, reply to our message and a different member of the team will look at it again. Thank you for helping to keep MER a calm and safe place.',
      ],
    },
  ];

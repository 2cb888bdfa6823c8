/**
 * The 'Comprehensive Airman Fitness' questionnaire of ready_airman_training:
 * four items per domain on a five-point agreement scale, some reverse-scored.
 */
import type { Questionnaire } from '@airman/contracts/questionnaire.ts';

export const cafQuestionnaire: Questionnaire = {
  title: 'Comprehensive Airman Fitness',
  instructions: 'Think about the past two weeks. How much do you agree with each statement?',
  scale: [
    { value: 1, label: 'Strongly disagree' },
    { value: 2, label: 'Disagree' },
    { value: 3, label: 'Neither agree nor disagree' },
    { value: 4, label: 'Agree' },
    { value: 5, label: 'Strongly agree' },
  ],
  domains: [
    { id: 'mental', name: 'Mental' },
    { id: 'physical', name: 'Physical' },
    { id: 'social', name: 'Social' },
    { id: 'spiritual', name: 'Spiritual' },
  ],
  items: [
    { id: 'mental_1', domain: 'mental', text: 'I stay calm and focused under pressure.', reverse: false },
    { id: 'mental_2', domain: 'mental', text: 'I bounce back quickly after setbacks.', reverse: false },
    { id: 'mental_3', domain: 'mental', text: 'I often feel overwhelmed by what I have to do.', reverse: true },
    {
      id: 'mental_4',
      domain: 'mental',
      text: 'I can change my thinking when a situation is not going well.',
      reverse: false,
    },
    { id: 'physical_1', domain: 'physical', text: 'I get enough sleep to feel rested.', reverse: false },
    { id: 'physical_2', domain: 'physical', text: 'I exercise at least three times a week.', reverse: false },
    { id: 'physical_3', domain: 'physical', text: 'I often skip meals or eat poorly when I am busy.', reverse: true },
    { id: 'physical_4', domain: 'physical', text: 'I feel physically ready for my duties.', reverse: false },
    { id: 'social_1', domain: 'social', text: 'I have people in my unit I can count on.', reverse: false },
    { id: 'social_2', domain: 'social', text: 'I stay in touch with family and friends.', reverse: false },
    { id: 'social_3', domain: 'social', text: 'I often feel alone, even among others.', reverse: true },
    { id: 'social_4', domain: 'social', text: 'I would ask a wingman for help if I needed it.', reverse: false },
    { id: 'spiritual_1', domain: 'spiritual', text: 'My life has a clear sense of purpose.', reverse: false },
    { id: 'spiritual_2', domain: 'spiritual', text: 'My values guide the decisions I make.', reverse: false },
    {
      id: 'spiritual_3',
      domain: 'spiritual',
      text: 'I rarely take time to reflect on what matters to me.',
      reverse: true,
    },
    { id: 'spiritual_4', domain: 'spiritual', text: 'I find meaning in serving others.', reverse: false },
  ],
};

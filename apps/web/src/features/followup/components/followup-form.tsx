/**
 * The follow-up questionnaire alone (the link of its e-mail): every item as a group of radio
 * buttons of the scale, answered all at once; then thanks. Answered before: says when.
 */
import { useState, type FormEvent } from 'react';
import { Button, Form, InlineNotification, RadioButton, RadioButtonGroup, Stack } from '@carbon/react';
import type { FollowupResponse } from '@airman/contracts/followup.ts';
import type { QuestionnaireAnswers } from '@airman/contracts/questionnaire.ts';
import { useAnswerFollowup } from '../api/followup.ts';

export function FollowupForm({ followup }: { followup: FollowupResponse }) {
  const q = followup.questionnaire;
  const [answers, setAnswers] = useState<QuestionnaireAnswers>({});
  const [missing, setMissing] = useState<string[]>([]);
  const answer = useAnswerFollowup(followup.module);

  if (followup.answered_at > 0) {
    return (
      <InlineNotification
        kind="success"
        lowContrast
        hideCloseButton
        role="status"
        title={answer.isSuccess ? 'Thank you: your answers are recorded.' : 'You have answered this questionnaire.'}
        subtitle={`Answered on ${new Date(followup.answered_at).toLocaleDateString()}.`}
      />
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const left = q.items.filter((i) => answers[i.id] === undefined).map((i) => i.id);
    setMissing(left);
    if (left.length === 0) answer.mutate({ answers });
  };

  return (
    <Form onSubmit={submit} aria-labelledby="followup-heading" noValidate>
      <Stack gap={6}>
        {q.instructions && <p>{q.instructions}</p>}
        {q.items.map((item, n) => (
          <RadioButtonGroup
            key={item.id}
            className="followup-question"
            name={`followup-${item.id}`}
            legendText={`${n + 1}. ${item.text}`}
            orientation="vertical"
            valueSelected={answers[item.id] === undefined ? '' : String(answers[item.id])}
            onChange={(value) => setAnswers((a) => ({ ...a, [item.id]: Number(value) }))}
            invalid={missing.includes(item.id)}
            invalidText="Choose an answer."
          >
            {q.scale.map((s) => (
              <RadioButton
                key={s.value}
                id={`followup-${item.id}-${s.value}`}
                labelText={s.label}
                value={String(s.value)}
              />
            ))}
          </RadioButtonGroup>
        ))}
        {missing.length > 0 && (
          <InlineNotification
            kind="error"
            lowContrast
            hideCloseButton
            role="alert"
            title={`${missing.length} of ${q.items.length} questions not answered.`}
            subtitle="Answer every question, then send."
          />
        )}
        {answer.isError && (
          <InlineNotification
            kind="error"
            lowContrast
            hideCloseButton
            role="alert"
            title="Your answers were not recorded."
            subtitle={answer.error.message}
          />
        )}
        <div>
          <Button type="submit" disabled={answer.isPending}>
            {answer.isPending ? 'Sending…' : 'Send my answers'}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}

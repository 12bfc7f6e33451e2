import { Button, Card, Group, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RATING_COMMENT_MAX, type Rating, ratingInputSchema, starsWords } from '@waybill/domain';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { ApiError, serverMessageOr } from '../../../lib/api-client.ts';
import { fieldErrorsOf } from '../../../lib/field-errors.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { usePackageCheck } from '../api/manage-delivery.ts';
import { forgetRatingToken, readRatingStatus, readRatingToken, sendRating } from '../api/rate-delivery.ts';
import { PackageCheckForm } from './package-check-form.tsx';

const SEND_FAILED = 'Could not send your rating. Please try again.';
const STARS = [1, 2, 3, 4, 5] as const;
export const RATING_THANKS = 'Thank you: your rating reaches the team that delivered it.';

/**
 * "Rate the delivery" under a delivered package: once, within 14 days, by its recipient or sender,
 * proved by the delivery e-mail's link (its token in the address's fragment) or by the phone check.
 * Nobody else's rating is ever shown here.
 */
export function RateDelivery({ code }: { code: string }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const key = ['track', code, 'rating'] as const;
  // Read once awake: the server never sees the fragment.
  const [token, setToken] = useState<string>();
  useEffect(() => setToken(readRatingToken()), []);
  const check = usePackageCheck(code);
  const query = useQuery({
    queryKey: key,
    queryFn: () => readRatingStatus(code),
    retry: false,
    staleTime: Infinity,
    enabled: token === undefined && check.data?.checked === true,
  });
  const [given, setGiven] = useState<Rating>();
  const status = query.data;
  const rating = given ?? status?.rating ?? undefined;

  let body: ReactNode;
  if (rating) {
    body = (
      <Text role="status">
        You rated this delivery {starsWords(rating.stars)}. {given ? RATING_THANKS : 'Thank you.'}
      </Text>
    );
  } else if (token !== undefined || status?.canRate) {
    body = (
      <RatingForm
        code={code}
        token={token}
        until={status?.until ?? null}
        onRated={(next) => {
          if (token !== undefined) forgetRatingToken();
          setToken(undefined);
          setGiven(next);
        }}
        onCheckLost={() => {
          setToken(undefined);
          queryClient.setQueryData(['track', code, 'check'], { checked: false, as: null, until: null });
          queryClient.removeQueries({ queryKey: key });
        }}
      />
    );
  } else if (status) {
    body = <Text size="sm">The time to rate this delivery has passed.</Text>;
  } else {
    body = <PackageCheckForm code={code} purpose="to rate the delivery" onChecked={() => void check.refetch()} />;
  }

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          Rate the delivery
        </Title>
        {body}
      </Stack>
    </Card>
  );
}

interface RatingFormProps {
  code: string;
  token: string | undefined;
  until: string | null;
  onRated: (rating: Rating) => void;
  onCheckLost: () => void;
}

function RatingForm({ code, token, until, onRated, onCheckLost }: RatingFormProps) {
  const [stars, setStars] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  const send = useSingleFlight(async () => {
    const parsed = ratingInputSchema.safeParse({ stars: stars === '' ? undefined : Number(stars), comment, token });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      onRated(await sendRating(code, parsed.data));
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.errors).length > 0) setErrors(failure.errors);
      else {
        notifyError({ title: 'Rate the delivery', message: serverMessageOr(failure, SEND_FAILED) });
        // A used link, or a check that ran out: the phone check is the way left.
        if (failure instanceof ApiError && (failure.status === 401 || failure.status === 403)) onCheckLost();
      }
    } finally {
      setSending(false);
    }
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Rate the delivery">
      <Stack gap="md">
        <Radio.Group
          label="How was the delivery?"
          description={until ? `You can rate it once, until ${formatDate(until)}` : 'You can rate it once'}
          name="stars"
          value={stars}
          onChange={setStars}
          error={errors.stars}
        >
          <Group gap="md" mt="xs">
            {STARS.map((value) => (
              <Radio key={value} value={String(value)} label={value === 1 ? '1 star' : `${value} stars`} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label="Comment (optional)"
          description={`${comment.length} of ${RATING_COMMENT_MAX} characters`}
          name="comment"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={RATING_COMMENT_MAX}
          value={comment}
          error={errors.comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={sending}>
            Send rating
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

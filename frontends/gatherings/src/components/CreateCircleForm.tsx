import { useState, type FormEvent } from 'react';
import type { Circle, JoinPolicy, PlaceCity } from '@mer/contracts';
import { Link } from '@mer/router';
import { toApiError } from '@mer/api-client';
import { Alert, Button, Card, TextField, buttonClassName } from '@mer/design-system';
import { useCreateCircle } from '../api/circles.ts';
import { CATEGORY_LABELS, JOIN_POLICIES } from '../domain/circles.ts';
import { circlePath } from '../domain/circle-path.ts';
import { placeCityOf } from '../domain/event-wizard.ts';
import { CityPicker } from './CityPicker.tsx';
import { RadioGroup, SelectField, TextAreaField } from './Field.tsx';

/** /create-circle: a new circle waits for an admin's approval; its creator becomes its holder. */
export default function CreateCircleForm() {
  const create = useCreateCircle();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<Circle['category']>('practice');
  const [joinPolicy, setJoinPolicy] = useState<JoinPolicy>('open');
  const [where, setWhere] = useState<'city' | 'online'>('city');
  const [city, setCity] = useState<PlaceCity | null>(null);
  const [errors, setErrors] = useState<{ name?: string; description?: string; city?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = {
      ...(name.trim() ? {} : { name: 'Please give your circle a name' }),
      ...(description.trim() ? {} : { description: 'Please describe what the circle is about' }),
      ...(where === 'city' && !city ? { city: 'Please pick the city from the list' } : {}),
    };
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    create.mutate({
      name: name.trim(),
      description: description.trim(),
      category,
      joinPolicy,
      city: where === 'city' ? city : null,
    });
  }

  if (create.isSuccess)
    return (
      <div className="mx-auto w-full max-w-2xl px-3 py-8 sm:px-4">
        <Card padding="lg" className="space-y-4 text-center">
          <h1 className="font-display text-3xl text-ink-900">Your circle is waiting for approval</h1>
          <p className="text-ink-700">
            An admin will look at “{create.data.name}” soon. Until it is approved only you can see it; then
            members can find and join it, and you hold it.
          </p>
          <Link to={circlePath(create.data.id)} className={buttonClassName('primary')}>
            Go to your circle
          </Link>
        </Card>
      </div>
    );

  return (
    <div className="mx-auto w-full max-w-2xl space-y-5 px-3 py-5 sm:px-4 sm:py-8">
      <h1 className="font-display text-3xl text-ink-900">Create a circle</h1>
      <Card padding="lg">
        <form onSubmit={submit} noValidate className="space-y-5">
          <TextField
            label="Circle name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
            maxLength={100}
            required
          />
          <TextAreaField
            label="What is the circle about?"
            value={description}
            onChange={setDescription}
            error={errors.description}
          />
          <SelectField
            label="Category"
            value={category}
            onChange={(v) => setCategory(v as Circle['category'])}
          >
            {Object.entries(CATEGORY_LABELS).map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </SelectField>
          <RadioGroup
            legend="Who can join"
            value={joinPolicy}
            onChange={setJoinPolicy}
            options={JOIN_POLICIES}
          />
          <RadioGroup
            legend="Where does it meet?"
            value={where}
            onChange={setWhere}
            options={[
              { id: 'city', label: 'In a city' },
              { id: 'online', label: 'Online' },
            ]}
          />
          {where === 'city' ? (
            <CityPicker onPick={(c) => setCity(placeCityOf(c))} error={errors.city} />
          ) : null}
          {create.isError ? (
            <Alert tone="error" title="Your circle was not created">
              {toApiError(create.error).message}
            </Alert>
          ) : null}
          <div className="flex justify-between gap-3">
            <Link to="/circles" className={buttonClassName('secondary')}>
              Cancel
            </Link>
            <Button type="submit" loading={create.isPending} loadingLabel="Creating your circle">
              Create circle
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

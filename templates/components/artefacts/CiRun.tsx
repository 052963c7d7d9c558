import Icon from '../Icon.tsx';
import { usePage } from '../page-context.ts';
import Artefact from './Artefact.tsx';
import ArtefactReview from './ArtefactReview.tsx';

/** A CI run, step by step with its status and time, and the engineer's review of what it found. */
export default function CiRun() {
  const run = usePage().model.data.artefacts.ciRun;
  return (
    <Artefact kind="ci-run" caption={run.caption}>
      <div className="artefact-bar">
        <span className="artefact-id">
          <Icon name="workflow" size={14} />
          {run.pipeline} <span className="artefact-run">{run.run}</span>
        </span>
        <span className="artefact-branch">{run.branch}</span>
      </div>
      <ul className="artefact-checks">
        {run.steps.map((step) => (
          <li key={step.name} data-status={step.status}>
            <span className="artefact-status" aria-hidden="true">
              {step.status === 'failed' ? (
                <Icon name="close" size={12} />
              ) : step.status === 'retried' ? (
                <Icon name="refresh" size={12} />
              ) : (
                <Icon name="check" size={12} />
              )}
            </span>
            <span className="artefact-check-name">{step.name}</span>
            {step.status === 'passed' ? (
              <span className="visually-hidden">: {run.statusLabels.passed}</span>
            ) : (
              <span className="artefact-pill">{run.statusLabels[step.status]}</span>
            )}
            <span className="artefact-duration">{step.duration}</span>
          </li>
        ))}
      </ul>
      <ArtefactReview review={run.review} />
    </Artefact>
  );
}

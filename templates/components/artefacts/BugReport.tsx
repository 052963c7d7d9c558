import Icon from '../Icon.tsx';
import { usePage } from '../page-context.ts';
import Artefact from './Artefact.tsx';
import ArtefactReview from './ArtefactReview.tsx';

/**
 * A bug report as the AI drafted it and the engineer corrected it: the severity the draft gave
 * struck out for the one the engineer set (`<del>`, `<ins>`), the customer's details blacked out,
 * and the engineer's review beneath.
 */
export default function BugReport() {
  const report = usePage().model.data.artefacts.bugReport;
  return (
    <Artefact kind="bug-report" caption={report.caption}>
      <div className="artefact-bar">
        <span className="artefact-id">
          <Icon name="bug" size={14} />
          {report.id}
        </span>
        <span className="artefact-pill artefact-pill-danger">
          {report.severity.label}: <del>{report.severity.drafted}</del> <ins>{report.severity.reviewed}</ins>
        </span>
      </div>
      <div className="artefact-body">
        <p className="artefact-title">{report.title}</p>
        <p className="artefact-meta">
          <Icon name="bot" size={14} />
          {report.drafted}
        </p>
        <ul className="artefact-tags">
          {report.environment.map((value) => (
            <li key={value}>{value}</li>
          ))}
        </ul>
        <p className="artefact-label">{report.stepsLabel}</p>
        <ol className="artefact-steps">
          {report.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <dl className="artefact-fields">
          <div>
            <dt>{report.expected.label}</dt>
            <dd>{report.expected.text}</dd>
          </div>
          <div>
            <dt>{report.actual.label}</dt>
            <dd className="artefact-wrong">{report.actual.text}</dd>
          </div>
          <div>
            <dt>{report.redacted.label}</dt>
            <dd>
              <span className="artefact-redacted" aria-hidden="true" />
              <span className="visually-hidden">{report.redacted.hidden}</span>
            </dd>
          </div>
        </dl>
      </div>
      <ArtefactReview review={report.review} />
    </Artefact>
  );
}

import { Skeleton } from '../../ui/skeleton.tsx';

export function HomeSkeleton() {
  return (
    <div className="home" aria-busy="true">
      <div className="container">
        <Skeleton className="hero-skeleton" />
      </div>
    </div>
  );
}

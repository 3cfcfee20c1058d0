! Numerical kernels: allocatable arrays, array intrinsics, internal procedures that
! reach their host's variables, procedure arguments and pointers, recursion, elemental
! functions, character handling, and an OpenMP reduction when built with -fopenmp.
module kernels
  implicit none
  private
  public :: run_kernels, quicksort_i4, quicksort_r8, apply

  abstract interface
    real(8) function unary(x)
      real(8), intent(in) :: x
    end function
  end interface

contains
  elemental real(8) function sq(x)
    real(8), intent(in) :: x
    sq = x * x
  end function
  elemental real(8) function cube(x)
    real(8), intent(in) :: x
    cube = x * x * x
  end function
  real(8) function twice(x)
    real(8), intent(in) :: x
    twice = x + x
  end function
  real(8) function double_it(x)
    real(8), intent(in) :: x
    double_it = x + x
  end function
  real(8) function halve(x)
    real(8), intent(in) :: x
    halve = x / 2
  end function

  function apply(f, v) result(w)
    procedure(unary) :: f
    real(8), intent(in) :: v(:)
    real(8) :: w(size(v))
    integer :: i
    do i = 1, size(v)
      w(i) = f(v(i))
    end do
  end function

  recursive subroutine quicksort_i4(a, lo, hi)
    integer(4), intent(inout) :: a(:)
    integer, intent(in) :: lo, hi
    integer :: i, j
    integer(4) :: p, t
    if (lo >= hi) return
    p = a((lo + hi) / 2)
    i = lo; j = hi
    do while (i <= j)
      do while (a(i) < p)
        i = i + 1
      end do
      do while (a(j) > p)
        j = j - 1
      end do
      if (i <= j) then
        t = a(i); a(i) = a(j); a(j) = t
        i = i + 1; j = j - 1
      end if
    end do
    call quicksort_i4(a, lo, j)
    call quicksort_i4(a, i, hi)
  end subroutine
  recursive subroutine quicksort_r8(a, lo, hi)
    real(8), intent(inout) :: a(:)
    integer, intent(in) :: lo, hi
    integer :: i, j
    real(8) :: p, t
    if (lo >= hi) return
    p = a((lo + hi) / 2)
    i = lo; j = hi
    do while (i <= j)
      do while (a(i) < p)
        i = i + 1
      end do
      do while (a(j) > p)
        j = j - 1
      end do
      if (i <= j) then
        t = a(i); a(i) = a(j); a(j) = t
        i = i + 1; j = j - 1
      end if
    end do
    call quicksort_r8(a, lo, j)
    call quicksort_r8(a, i, hi)
  end subroutine

  function reverse_words(s) result(r)
    character(len=*), intent(in) :: s
    character(len=len(s)) :: r
    integer :: i, n
    n = len_trim(s)
    r = ' '
    do i = 1, n
      r(i:i) = s(n - i + 1:n - i + 1)
    end do
  end function
  function upper(s) result(r)
    character(len=*), intent(in) :: s
    character(len=len(s)) :: r
    integer :: i
    r = s
    do i = 1, len(s)
      if (r(i:i) >= 'a' .and. r(i:i) <= 'z') r(i:i) = achar(iachar(r(i:i)) - 32)
    end do
  end function
  function lower(s) result(r)
    character(len=*), intent(in) :: s
    character(len=len(s)) :: r
    integer :: i
    r = s
    do i = 1, len(s)
      if (r(i:i) >= 'A' .and. r(i:i) <= 'Z') r(i:i) = achar(iachar(r(i:i)) + 32)
    end do
  end function

  subroutine run_kernels(n)
    integer, intent(in) :: n
    real(8), allocatable :: a(:, :), b(:, :), c(:, :), v(:), w(:)
    integer(4), allocatable :: iv(:)
    procedure(unary), pointer :: fp
    real(8) :: acc, shift
    integer :: i, j, hits
    allocate (a(n, n), b(n, n), v(n))
    do j = 1, n
      do i = 1, n
        a(i, j) = real(mod(i * 7 + j * 3, 11), 8) - 5
        b(i, j) = real(mod(i + j * j, 5), 8) * 0.5d0
      end do
    end do
    c = matmul(a, b)
    print '(A,3F12.4)', 'matmul ', sum(c), maxval(c), minval(c)
    print '(A,2F12.4)', 'transpose dot ', sum(transpose(c) * a), dot_product(a(:, 1), b(1, :))
    v = [(real(i, 8) / 3, i = 1, n)]
    print '(A,2F12.4)', 'elemental ', sum(sq(v)), sum(cube(v))
    print '(A,4F12.4)', 'apply ', sum(apply(twice, v)), sum(apply(double_it, v)), &
      sum(apply(halve, v)), sum(apply(twice, v) * v)
    fp => twice
    w = apply(fp, v)
    fp => halve
    w = w + apply(fp, v)
    print '(A,F12.4)', 'pointers ', sum(w)
    ! internal procedures reach the host's `shift` and `hits`
    shift = 1.5d0
    hits = 0
    acc = 0
    do i = 1, n
      acc = acc + shifted(v(i)) + scaled(v(i))
    end do
    print '(A,F12.4,I6)', 'internal ', acc, hits
    print '(A,F12.4)', 'internal as argument ', sum(apply(shifted, v))
    allocate (iv(n))
    do i = 1, n
      iv(i) = int(mod(i * 7919, 97), 4) - 40
    end do
    call quicksort_i4(iv, 1, n)
    print '(A,8I5)', 'sorted ints ', iv(1:min(8, n))
    v = [(sin(real(i, 8)) * 10, i = 1, n)]
    call quicksort_r8(v, 1, n)
    print '(A,4F10.4)', 'sorted reals ', v(1:min(4, n))
    print '(A,A,A,A)', 'strings ', trim(reverse_words('merge functions')), ' ', &
      trim(upper('Fortran')) // lower('FLANG')
    ! integer reductions: their result does not depend on the order threads combine in
    hits = 0
    j = -huge(j)
    !$omp parallel do reduction(+:hits) reduction(max:j)
    do i = 1, 100000
      hits = hits + mod(i * i, 7)
      j = max(j, mod(i * 31, 977))
    end do
    !$omp end parallel do
    print '(A,2I10)', 'omp reduction ', hits, j
  contains
    real(8) function shifted(x)
      real(8), intent(in) :: x
      shifted = x + shift
      hits = hits + 1
    end function
    real(8) function scaled(x)
      real(8), intent(in) :: x
      scaled = x * shift
      hits = hits + 1
    end function
  end subroutine
end module kernels

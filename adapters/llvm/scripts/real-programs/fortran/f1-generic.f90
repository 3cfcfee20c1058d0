! Generic interfaces over kinds: one specific procedure per kind, written alike, so the
! module holds families of near-identical functions (integer and logical of one size
! share an IR type; integer and real of one size do not).
module generic_ops
  implicit none
  private
  public :: swap, total, largest, count_if_pos, fill_seq, accessor_demo
  public :: pair_i4, pair_l4, pair_r4, pair_i8

  interface swap
    module procedure swap_i1, swap_i2, swap_i4, swap_i8, swap_r4, swap_r8, swap_l4
  end interface
  interface total
    module procedure total_i2, total_i4, total_i8, total_r4, total_r8
  end interface
  interface largest
    module procedure largest_i4, largest_i8, largest_r4, largest_r8
  end interface
  interface count_if_pos
    module procedure count_pos_i4, count_pos_i8, count_pos_r4, count_pos_r8
  end interface
  interface fill_seq
    module procedure fill_i4, fill_i8, fill_r8
  end interface

  ! derived types whose components sit at the same offsets: their accessors are alike
  type :: pair_i4
    integer(4) :: a = 0, b = 0
  contains
    procedure :: first => first_i4
    procedure :: second => second_i4
  end type
  type :: pair_l4
    logical(4) :: a = .false., b = .false.
  contains
    procedure :: first => first_l4
    procedure :: second => second_l4
  end type
  type :: pair_r4
    real(4) :: a = 0, b = 0
  contains
    procedure :: first => first_r4
    procedure :: second => second_r4
  end type
  type :: pair_i8
    integer(8) :: a = 0, b = 0
  contains
    procedure :: first => first_i8
    procedure :: second => second_i8
  end type

contains

  subroutine swap_i1(x, y)
    integer(1), intent(inout) :: x, y
    integer(1) :: t
    t = x; x = y; y = t
  end subroutine
  subroutine swap_i2(x, y)
    integer(2), intent(inout) :: x, y
    integer(2) :: t
    t = x; x = y; y = t
  end subroutine
  subroutine swap_i4(x, y)
    integer(4), intent(inout) :: x, y
    integer(4) :: t
    t = x; x = y; y = t
  end subroutine
  subroutine swap_i8(x, y)
    integer(8), intent(inout) :: x, y
    integer(8) :: t
    t = x; x = y; y = t
  end subroutine
  subroutine swap_r4(x, y)
    real(4), intent(inout) :: x, y
    real(4) :: t
    t = x; x = y; y = t
  end subroutine
  subroutine swap_r8(x, y)
    real(8), intent(inout) :: x, y
    real(8) :: t
    t = x; x = y; y = t
  end subroutine
  subroutine swap_l4(x, y)
    logical(4), intent(inout) :: x, y
    logical(4) :: t
    t = x; x = y; y = t
  end subroutine

  function total_i2(v) result(s)
    integer(2), intent(in) :: v(:)
    integer(2) :: s
    integer :: i
    s = 0
    do i = 1, size(v)
      s = s + v(i)
    end do
  end function
  function total_i4(v) result(s)
    integer(4), intent(in) :: v(:)
    integer(4) :: s
    integer :: i
    s = 0
    do i = 1, size(v)
      s = s + v(i)
    end do
  end function
  function total_i8(v) result(s)
    integer(8), intent(in) :: v(:)
    integer(8) :: s
    integer :: i
    s = 0
    do i = 1, size(v)
      s = s + v(i)
    end do
  end function
  function total_r4(v) result(s)
    real(4), intent(in) :: v(:)
    real(4) :: s
    integer :: i
    s = 0
    do i = 1, size(v)
      s = s + v(i)
    end do
  end function
  function total_r8(v) result(s)
    real(8), intent(in) :: v(:)
    real(8) :: s
    integer :: i
    s = 0
    do i = 1, size(v)
      s = s + v(i)
    end do
  end function

  function largest_i4(v) result(m)
    integer(4), intent(in) :: v(:)
    integer(4) :: m
    integer :: i
    m = -huge(m)
    do i = 1, size(v)
      if (v(i) > m) m = v(i)
    end do
  end function
  function largest_i8(v) result(m)
    integer(8), intent(in) :: v(:)
    integer(8) :: m
    integer :: i
    m = -huge(m)
    do i = 1, size(v)
      if (v(i) > m) m = v(i)
    end do
  end function
  function largest_r4(v) result(m)
    real(4), intent(in) :: v(:)
    real(4) :: m
    integer :: i
    m = -huge(m)
    do i = 1, size(v)
      if (v(i) > m) m = v(i)
    end do
  end function
  function largest_r8(v) result(m)
    real(8), intent(in) :: v(:)
    real(8) :: m
    integer :: i
    m = -huge(m)
    do i = 1, size(v)
      if (v(i) > m) m = v(i)
    end do
  end function

  integer function count_pos_i4(v) result(n)
    integer(4), intent(in) :: v(:)
    n = count(v > 0)
  end function
  integer function count_pos_i8(v) result(n)
    integer(8), intent(in) :: v(:)
    n = count(v > 0)
  end function
  integer function count_pos_r4(v) result(n)
    real(4), intent(in) :: v(:)
    n = count(v > 0)
  end function
  integer function count_pos_r8(v) result(n)
    real(8), intent(in) :: v(:)
    n = count(v > 0)
  end function

  subroutine fill_i4(v, start, step)
    integer(4), intent(out) :: v(:)
    integer(4), intent(in) :: start, step
    integer :: i
    do i = 1, size(v)
      v(i) = start + (i - 1) * step
    end do
  end subroutine
  subroutine fill_i8(v, start, step)
    integer(8), intent(out) :: v(:)
    integer(8), intent(in) :: start, step
    integer :: i
    do i = 1, size(v)
      v(i) = start + (i - 1) * step
    end do
  end subroutine
  subroutine fill_r8(v, start, step)
    real(8), intent(out) :: v(:)
    real(8), intent(in) :: start, step
    integer :: i
    do i = 1, size(v)
      v(i) = start + (i - 1) * step
    end do
  end subroutine

  integer(4) function first_i4(p)
    class(pair_i4), intent(in) :: p
    first_i4 = p%a
  end function
  integer(4) function second_i4(p)
    class(pair_i4), intent(in) :: p
    second_i4 = p%b
  end function
  logical(4) function first_l4(p)
    class(pair_l4), intent(in) :: p
    first_l4 = p%a
  end function
  logical(4) function second_l4(p)
    class(pair_l4), intent(in) :: p
    second_l4 = p%b
  end function
  real(4) function first_r4(p)
    class(pair_r4), intent(in) :: p
    first_r4 = p%a
  end function
  real(4) function second_r4(p)
    class(pair_r4), intent(in) :: p
    second_r4 = p%b
  end function
  integer(8) function first_i8(p)
    class(pair_i8), intent(in) :: p
    first_i8 = p%a
  end function
  integer(8) function second_i8(p)
    class(pair_i8), intent(in) :: p
    second_i8 = p%b
  end function

  subroutine accessor_demo()
    type(pair_i4) :: pi
    type(pair_l4) :: pl
    type(pair_r4) :: pr
    type(pair_i8) :: p8
    pi = pair_i4(3, -4)
    pl = pair_l4(.true., .false.)
    pr = pair_r4(1.5, -2.25)
    p8 = pair_i8(2_8**40, -7_8)
    print '(A,2I6,2L2,2F8.3,2I16)', 'pairs:', pi%first(), pi%second(), pl%first(), pl%second(), &
      pr%first(), pr%second(), p8%first(), p8%second()
  end subroutine
end module generic_ops

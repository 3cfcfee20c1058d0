! The driver: calls every family with values that tell the members apart.
program fortran_stress
  use generic_ops
  use shapes
  use kernels
  implicit none
  integer(1) :: b1, b2
  integer(2) :: h1, h2
  integer(4) :: i1, i2
  integer(8) :: k1, k2
  real(4) :: r1, r2
  real(8) :: d1, d2
  logical :: l1, l2
  integer(4) :: vi(6)
  integer(8) :: vk(6)
  real(8) :: vd(6)
  type(shape_box), allocatable :: boxes(:)
  class(*), allocatable :: anything

  b1 = 1; b2 = -2; h1 = 300; h2 = -301; i1 = 70000; i2 = -70001
  k1 = 2_8**40; k2 = -3; r1 = 1.25; r2 = -2.5; d1 = 1d100; d2 = -1d-100
  l1 = .true.; l2 = .false.
  call swap(b1, b2); call swap(h1, h2); call swap(i1, i2); call swap(k1, k2)
  call swap(r1, r2); call swap(d1, d2); call swap(l1, l2)
  print '(A,2I5,2I7,2I8,2I16)', 'swapped ', b1, b2, h1, h2, i1, i2, k1, k2
  print '(A,2F8.3,2ES12.3,2L2)', 'swapped ', r1, r2, d1, d2, l1, l2
  call fill_seq(vi, 5_4, -3_4)
  call fill_seq(vk, 2_8**33, 2_8**31)
  call fill_seq(vd, -1.5d0, 0.75d0)
  print '(A,I8,I16,F10.3,I8,F10.3)', 'totals ', total(vi), total(vk), total(vd), &
    total([integer(2) :: 1, 2, 3]), total([1.5, 2.5])
  print '(A,I8,I16,F10.3,F10.3)', 'largest ', largest(vi), largest(vk), largest(vd), largest([0.5, -3.0])
  print '(A,4I4)', 'positive ', count_if_pos(vi), count_if_pos(vk), count_if_pos(vd), count_if_pos([1.0, -1.0])
  call accessor_demo()

  allocate (boxes(5))
  allocate (boxes(1)%s, source=circle(tag='c1', r=2d0))
  allocate (boxes(2)%s, source=square(tag='s1', side=3d0))
  allocate (boxes(3)%s, source=rect(tag='r1', w=2d0, h=5d0))
  allocate (boxes(4)%s, source=tri(tag='t1', base=2d0, height=5d0))
  allocate (boxes(5)%s, source=rect(tag='r2', w=1d0, h=0.5d0))
  call describe(boxes)
  deallocate (boxes)
  print '(A,I3)', 'finalized ', finalized
  anything = 42
  print '(A)', kind_name(anything)
  deallocate (anything)
  anything = 42_8
  print '(A)', kind_name(anything)
  deallocate (anything)
  anything = 2.5d0
  print '(A)', kind_name(anything)
  deallocate (anything)
  anything = .true.
  print '(A)', kind_name(anything)
  deallocate (anything)
  anything = circle(tag='any', r=1d0)
  print '(A)', kind_name(anything)
  call run_kernels(24)
end program fortran_stress
